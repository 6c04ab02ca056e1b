/**
 * Backups (docs/reliability.md): `npm run db:backup` and
 * `npm run db:restore`, run as an operator runs them, bring back every row of
 * every table and an audit chain that verifies, on the embedded database and
 * on PostgreSQL.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAuditEvents } from '../../src/server/audit/chain/append';
import { recordCheckpoint } from '../../src/server/audit/checkpoints';
import { verifyAuditChain } from '../../src/server/audit/chain/verify';
import { BACKUP_TABLES } from '../../src/server/db/backup';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedIfEmpty } from '../../src/server/db/seed';
import { databaseChecksum } from '../../src/server/testing/db-checksum';
import { TEST_AUDIT_CHAIN_KEY } from '../../src/server/testing/setup';
import { createScratchDatabase, postgresAnswers } from '../../src/server/testing/scratch-postgres';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
/** More than one page (2,000 rows) of the backup's reader. */
const AUDIT_EVENTS = 2_500;

const npmRun = (script: string, file: string, env: NodeJS.ProcessEnv) =>
  run('npm', ['run', '--silent', script, '--', file], { cwd: root, env });

async function withDatabase<T>(open: () => Promise<Database>, fn: (db: Database) => Promise<T>) {
  const database = await open();
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

/**
 * The seed leaves some tables empty: give every table rows, with the values
 * most likely to come back changed (microsecond timestamps, nulls, quotes,
 * unicode, nested JSON), and an audit chain longer than one page.
 */
async function fillEveryTable(database: Database) {
  await migrate(database);
  await seedIfEmpty(database, { demoMode: true });
  await database.exec(`
    INSERT INTO password_credentials (user_id, password_hash, must_change, updated_at)
      SELECT id, 'scrypt$17$8$1$c2FsdA$a2V5', email LIKE '%hirehub%', now() - interval '1.234567 s'
      FROM platform_users;
    INSERT INTO sessions (user_id, kind, session_token_hash, refresh_token_hash, ip_address,
                          user_agent, is_active, expires_at, refresh_expires_at, revoked_at)
      SELECT id, 'password', md5(id::text || 's'), md5(id::text || 'r'), '2001:db8::7',
             'Mozilla/5.0 "quoted" ✓ 👩🏽‍💻', email NOT LIKE '%hirehub%', now() + interval '15 min',
             now() + interval '30 days', CASE WHEN email LIKE '%hirehub%' THEN now() END
      FROM platform_users;
    INSERT INTO credential_grants (user_id, app_id, credential_type, justification,
                                   time_limit_minutes, expires_at)
      SELECT u.id, a.id, 'api_key', 'Rotating the key — "ticket" #42', 60, now() + interval '1 hour'
      FROM platform_users u CROSS JOIN applications a WHERE u.email LIKE '%talentspark%';
    INSERT INTO sso_codes (code_hash, user_id, app_id, redirect_url, expires_at)
      SELECT md5(u.id::text || a.id::text), u.id, a.id, a.app_url || '/callback?x=1&y=ü',
             now() + interval '1 min'
      FROM platform_users u CROSS JOIN applications a;
    INSERT INTO rate_limits (bucket, window_start, count)
      SELECT 'sign-in:' || email, date_trunc('minute', now()), 3 FROM platform_users;
    INSERT INTO refusal_tallies (bucket, kind, address, window_start, count, reported,
                                 event_type, severity)
      SELECT 'setup.key_refused ' || n || ' 2001:db8::' || n, 'setup.key_refused',
             CASE WHEN n % 2 = 0 THEN '2001:db8::' || n END, now() - interval '1.234567 s',
             n * 7, n, 'system.setup.key_refused', 'high'
      FROM generate_series(1, 5) AS n;
    INSERT INTO rotated_refresh_tokens (token_hash, session_id, rotated_at, expires_at)
      SELECT md5(id::text || 'rotated'), id, now() - interval '2.345678 s', now() + interval '7 days'
      FROM sessions;
    UPDATE rate_limits SET next_turn_at = now() + interval '1.5 s'
      WHERE bucket LIKE '%hirehub%';
    INSERT INTO invitations (email, full_name, roles, token_hash, invited_by, expires_at,
                             accepted_at, accepted_user_id)
      SELECT 'invitee' || n || '@example.test', CASE WHEN n % 2 = 0 THEN 'Zoë "Inv" ' || n END,
             CASE WHEN n % 2 = 0 THEN ARRAY['user', 'platform_admin'] ELSE ARRAY['user'] END,
             md5('invitation ' || n), u.id, now() + interval '72 hours',
             CASE WHEN n = 3 THEN now() - interval '1.234567 s' END, CASE WHEN n = 3 THEN u.id END
      FROM generate_series(1, 4) AS n,
           (SELECT id FROM platform_users ORDER BY email LIMIT 1) AS u;
    INSERT INTO mail_outbox (to_address, kind, subject, body, created_at, sent_at)
      SELECT 'Signer' || n || '@Example.test',
             (ARRAY['sign_up_verify', 'sign_up_existing_account', 'sign_up_reserved',
                    'sign_up_invited'])[n],
             'Confirm “your” address ' || n, E'Line one\nhttps://x.example/auth/verify#token=' || n,
             now() - interval '1.234567 s', CASE WHEN n > 2 THEN now() END
      FROM generate_series(1, 4) AS n;
    INSERT INTO sign_up_verifications (email, full_name, password_hash, token_hash, expires_at,
                                       verified_at, user_id)
      SELECT 'signer' || n || '@example.test', 'Zoë "Signer" ' || n, 'scrypt$17$8$1$c2FsdA$a2V5',
             md5('sign-up ' || n), now() + interval '24 hours',
             CASE WHEN n = 2 THEN now() - interval '2.345678 s' END,
             CASE WHEN n = 2 THEN u.id END
      FROM generate_series(1, 3) AS n,
           (SELECT id FROM platform_users ORDER BY email LIMIT 1) AS u;
    INSERT INTO totp_factors (user_id, secret_encrypted, confirmed_at, last_step, last_used_at)
      SELECT id, 'v1.' || md5(id::text), now() - interval '1.234567 s', 59123456,
             CASE WHEN email LIKE '%hirehub%' THEN now() END
      FROM platform_users;
    INSERT INTO recovery_codes (user_id, code_hash, used_at)
      SELECT u.id, md5(u.id::text || n), CASE WHEN n = 1 THEN now() END
      FROM platform_users u, generate_series(1, 2) AS n;
    INSERT INTO passkey_credentials (user_id, credential_id, public_key, sign_count, transports,
                                     device_type, backed_up, name, last_used_at)
      SELECT id, md5(id::text || 'credential'), md5(id::text || 'key'), 41,
             ARRAY['internal', 'hybrid'], 'multiDevice', true, 'Zoë''s "laptop" 🔑',
             now() - interval '2.345678 s'
      FROM platform_users;
  `);
  const [user] = await database.query<{ id: string }>(
    'SELECT id FROM platform_users ORDER BY email LIMIT 1',
  );
  for (let i = 0; i < AUDIT_EVENTS; i += 250) {
    await appendAuditEvents(
      database.db,
      Array.from({ length: 250 }, (_, j) => ({
        clientEventId: crypto.randomUUID(),
        source: 'console' as const,
        eventType: j % 2 ? 'admin.panel.access' : 'auth.signin.success',
        severity: j % 7 ? 'low' : 'high',
        userId: user!.id,
        pageUrl: `/demo/admin?tab=${i + j}`,
        details: { n: i + j, text: 'naïve <b>"x"</b> 🙂', nested: { list: [1, null, true] } },
        occurredAt: new Date(Date.now() - (i + j) * 1000),
      })),
    );
  }
  // A signed checkpoint (with its published key) and an export's manifest.
  await recordCheckpoint(database.db, new Date());
  await database.exec(`
    INSERT INTO audit_export_manifests (id, created_at, manifest)
      VALUES (md5('manifest')::uuid, now(), '{"format":"talent-audit-export-v1"}');
    INSERT INTO audit_sinks (id, name, url, event_types, severities, secret_sealed, delivered_seq,
                             failures, last_error, last_error_at, paused_at)
      VALUES (md5('sink')::uuid, 'SIEM "Zoë"', 'https://siem.example.com/audit', '["auth.*"]',
              '["high"]', 'v1.' || md5('sink'), 3, 2, 'HTTP 500', now() - interval '1.5 s', now());
    INSERT INTO oidc_consents (user_id, application_id, scopes, granted_at)
      SELECT u.id, a.id, ARRAY['openid', 'email', 'roles'], now() - interval '3.456789 s'
      FROM (SELECT id FROM platform_users ORDER BY email LIMIT 2) AS u,
           (SELECT id FROM applications ORDER BY app_name LIMIT 1) AS a;
    UPDATE applications SET oidc_client_id = id::text,
                            oidc_backchannel_logout_uri = app_url || '/oidc/logout?x="ü"',
                            oidc_initiate_login_uri = app_url || '/oidc/login?x="ü"'
      WHERE app_name IN (SELECT app_name FROM applications ORDER BY app_name LIMIT 2);
  `);
}

/** Rows per table, and a checksum of every row of every table. */
async function state(database: Database) {
  const counts: Record<string, number> = {};
  for (const t of BACKUP_TABLES) {
    const [row] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${t.name}"`);
    counts[t.name] = row!.n;
  }
  return { counts, checksum: await databaseChecksum({ database }) };
}

/** Loses rows in most tables, changes others, and moves the audit chain on. */
async function damage(database: Database) {
  await database.exec(`
    DELETE FROM platform_users WHERE email LIKE '%hirehub%' OR email LIKE '%talentspark%';
    UPDATE applications SET app_name = 'Changed';
    TRUNCATE rate_limits;
  `);
  await appendAuditEvents(database.db, [{ source: 'server', eventType: 'after.backup' }]);
}

/**
 * Backs up with `npm run db:backup`, damages the database, restores with
 * `npm run db:restore`, and shows every row back and the chain verifying.
 */
async function roundTrip(
  name: string,
  open: () => Promise<Database>,
  env: NodeJS.ProcessEnv,
  file: string,
) {
  const before = await withDatabase(open, state);
  for (const [table, n] of Object.entries(before.counts)) expect(n, table).toBeGreaterThan(0);
  const rows = Object.values(before.counts).reduce((a, b) => a + b, 0);

  let started = performance.now();
  const backup = await npmRun('db:backup', file, env);
  const backupMs = performance.now() - started;
  expect(backup.stdout).toContain(`: ${rows} rows in ${BACKUP_TABLES.length} tables.`);

  await withDatabase(open, damage);
  expect((await withDatabase(open, state)).checksum).not.toBe(before.checksum);

  started = performance.now();
  const restore = await npmRun('db:restore', file, env);
  const restoreMs = performance.now() - started;
  expect(restore.stdout).toContain(`Restored ${rows} rows`);
  expect(restore.stdout).toMatch(/Audit chain verified \(\d+ events\)\./);

  await withDatabase(open, async (database) => {
    expect(await state(database)).toEqual(before);
    const chain = await verifyAuditChain(database.db);
    expect(chain).toMatchObject({ ok: true, checked: before.counts.audit_events });
    // The chain goes on from the restored head.
    await appendAuditEvents(database.db, [{ source: 'server', eventType: 'after.restore' }]);
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true });
  });
  console.log(
    `${name}: ${rows} rows in ${BACKUP_TABLES.length} tables (${before.counts.audit_events} audit events), ` +
      `${(statSync(file).size / 1024).toFixed(0)} KB gzipped; backup ${(backupMs / 1000).toFixed(1)} s, ` +
      `restore ${(restoreMs / 1000).toFixed(1)} s (each including npm, tsx and opening the database)`,
  );
}

describe('npm run db:backup / db:restore on the embedded database', () => {
  let dir: string;
  const dataDir = () => path.join(dir, 'data');
  const open = () => openDatabase({ kind: 'pglite', dataDir: dataDir() });
  const env = () => ({
    ...process.env,
    DATA_DIR: dataDir(),
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    // The scripts verify the trail under the key it was written with, which is not in the backup.
    AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY,
  });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'backup-cli-'));
    await withDatabase(open, fillEveryTable);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('backs up, and a restore brings back every row of every table and a verifying chain', async () => {
    await roundTrip('embedded', open, env(), path.join(dir, 'b.ndjson.gz'));
  }, 180_000);

  it('refuses to touch a database a running server holds', async () => {
    // The parent of this test process is alive: pretend it is the server.
    writeFileSync(path.join(dataDir(), 'lock.pid'), `${process.ppid}\nserver\n`);
    try {
      await expect(
        run(tsx, ['scripts/ops/db-backup.ts', path.join(dir, 'x.gz')], { cwd: root, env: env() }),
      ).rejects.toMatchObject({ stderr: expect.stringContaining('is in use by process') });
    } finally {
      rmSync(path.join(dataDir(), 'lock.pid'), { force: true });
    }
  }, 60_000);
});

const postgresPresent = await postgresAnswers('the PostgreSQL backup test');

describe.skipIf(!postgresPresent)('npm run db:backup / db:restore on PostgreSQL', () => {
  let dir: string | undefined;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  afterAll(async () => {
    await scratch?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('backs up, and a restore brings back every row of every table and a verifying chain', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'backup-cli-pg-'));
    scratch = await createScratchDatabase('backup');
    const url = scratch.url;
    const open = () => openDatabase({ kind: 'postgres', url, max: 2 });
    await withDatabase(open, fillEveryTable);
    const env = {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: path.join(dir, 'unused'),
      LOG_LEVEL: 'silent',
      AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY,
    };
    await roundTrip('PostgreSQL', open, env, path.join(dir, 'b.ndjson.gz'));
  }, 180_000);
});
