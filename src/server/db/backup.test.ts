import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAuditEvents } from '../audit/chain/append';
import { verifyAuditChain } from '../audit/chain/verify';
import { openMigratedTestDatabase } from '../testing/harness';
import type { Database } from './client';
import {
  BACKUP_TABLES,
  NOT_BACKED_UP,
  restoreBackup,
  writeBackup,
  type BackupHeader,
  type BackupLine,
} from './backup';
import { seedIfEmpty } from './seed';

let database: Database;

async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const t of BACKUP_TABLES) {
    out[t.name] = await database.query(
      `SELECT to_jsonb(x) AS r FROM "${t.name}" x ORDER BY "${t.key}"`,
    );
  }
  return out;
}

async function backup() {
  const lines: (BackupHeader | BackupLine)[] = [];
  await writeBackup(database, (l) => {
    lines.push(l);
  });
  return lines;
}

async function* replay(lines: (BackupHeader | BackupLine)[]) {
  for (const l of lines) yield l;
}

beforeAll(async () => {
  database = await openMigratedTestDatabase();
  await seedIfEmpty(database, { demoMode: true });
  // Second factors, which must come back with their accounts.
  await database.exec(`
    INSERT INTO totp_factors (user_id, secret_encrypted, confirmed_at, last_step)
      SELECT id, 'v1.sealed', now(), 59000000 FROM platform_users ORDER BY email LIMIT 1;
    INSERT INTO recovery_codes (user_id, code_hash)
      SELECT id, repeat('ab', 32) FROM platform_users ORDER BY email LIMIT 1;
    INSERT INTO passkey_credentials
        (user_id, credential_id, public_key, sign_count, transports, device_type, backed_up, name)
      SELECT id, 'Y3JlZGVudGlhbA', 'cHVibGljLWtleQ', 7, '{internal,hybrid}', 'multiDevice', true, 'Laptop'
        FROM platform_users ORDER BY email LIMIT 1;`);
  await appendAuditEvents(database.db, [
    { source: 'server', eventType: 'admin.panel.access', details: { note: 'before backup' } },
    { source: 'console', eventType: 'auth.signin.success', clientEventId: crypto.randomUUID() },
  ]);
});
afterAll(() => database.close());

describe('backup and restore', () => {
  it('brings back every row and a verifying audit chain', async () => {
    const before = await snapshot();
    const keptCounts = async () => ({
      cube: await database.query(
        `SELECT is_active, never, organization, roles, n FROM user_facet_cube WHERE n <> 0
          ORDER BY 1, 2, 3, 4`,
      ),
      words: await database.query(
        `SELECT word, is_active, never, organization, roles, n FROM user_word_cube WHERE n <> 0
          ORDER BY 1, 2, 3, 4, 5`,
      ),
    });
    const countsBefore = await keptCounts();
    expect(countsBefore.cube.length).toBeGreaterThan(3);
    expect(countsBefore.words.length).toBeGreaterThan(countsBefore.cube.length);
    const lines = await backup();
    const header = lines[0] as BackupHeader;
    expect(header.counts.platform_users).toBeGreaterThanOrEqual(30);
    expect(lines.length - 1).toBe(Object.values(header.counts).reduce((a, b) => a + b, 0));

    await database.exec(`DELETE FROM platform_users WHERE email LIKE '%hirehub%'`);
    await database.exec(`UPDATE applications SET app_name = 'Changed'`);
    await appendAuditEvents(database.db, [{ source: 'server', eventType: 'after.backup' }]);

    const restored = await restoreBackup(database, replay(lines));
    expect(restored).toEqual(header.counts);
    expect(await snapshot()).toEqual(before);
    // The users list's kept facet counts are not backed up: the restore rebuilds them.
    expect(await keptCounts()).toEqual(countsBefore);
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true });

    // The audit sequence continues after the restored rows.
    await appendAuditEvents(database.db, [{ source: 'server', eventType: 'after.restore' }]);
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true });
  });

  it('holds every table of the schema but those it leaves out on purpose', async () => {
    const tables = await database.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    const covered = [...BACKUP_TABLES.map((t) => t.name), ...Object.keys(NOT_BACKED_UP)];
    expect(tables.map((t) => t.name)).toEqual([...covered].sort());
    for (const name of ['totp_factors', 'recovery_codes', 'passkey_credentials']) {
      const [row] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`);
      expect(row!.n, name).toBe(1);
    }
  });

  it('refuses a file that is not a backup and changes nothing', async () => {
    const before = await snapshot();
    await expect(
      restoreBackup(database, replay([{ table: 'platform_users', row: {} } as BackupLine])),
    ).rejects.toThrow('This file is not a Talent Ecosystem backup.');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a backup from another schema version', async () => {
    const lines = await backup();
    const header = {
      ...(lines[0] as BackupHeader),
      migrations: ['0000_init.sql', '9999_future.sql'],
    };
    await expect(restoreBackup(database, replay([header, ...lines.slice(1)]))).rejects.toThrow(
      /same version of the software/,
    );
  });

  it('rolls back a truncated backup, leaving the database as it was', async () => {
    const before = await snapshot();
    const lines = await backup();
    await expect(restoreBackup(database, replay(lines.slice(0, -3)))).rejects.toThrow(/incomplete/);
    expect(await snapshot()).toEqual(before);
  });
});
