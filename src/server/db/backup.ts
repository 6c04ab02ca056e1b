import { sql } from 'drizzle-orm';
import type { Database, Tx } from './client';

/**
 * A logical backup of every table, the same format for the embedded database
 * and PostgreSQL: a header line, then one JSON line per row, gzipped by the
 * scripts. Reading happens in one read-only, repeatable-read transaction, so a
 * backup taken while a PostgreSQL server is busy is still consistent.
 */
const BACKUP_FORMAT = 'talent-ecosystem-backup';
const BACKUP_VERSION = 1;

/**
 * Tables in foreign-key order (parents first), each with its primary key for paging. The
 * others are left out on purpose (NOT_BACKED_UP): what lives minutes, and what the restore
 * rebuilds.
 */
export const BACKUP_TABLES: readonly { name: string; key: string }[] = [
  { name: 'app_settings', key: 'key' },
  { name: 'platform_users', key: 'id' },
  { name: 'applications', key: 'id' },
  { name: 'platform_role_assignments', key: 'id' },
  { name: 'password_credentials', key: 'user_id' },
  { name: 'totp_factors', key: 'user_id' },
  { name: 'recovery_codes', key: 'id' },
  { name: 'passkey_credentials', key: 'id' },
  { name: 'sessions', key: 'id' },
  { name: 'rotated_refresh_tokens', key: 'token_hash' },
  { name: 'admin_action_approvals', key: 'id' },
  { name: 'credential_grants', key: 'id' },
  { name: 'invitations', key: 'id' },
  { name: 'sign_up_verifications', key: 'id' },
  { name: 'mail_outbox', key: 'id' },
  { name: 'audit_chain_head', key: 'id' },
  { name: 'audit_events', key: 'seq' },
  { name: 'audit_signing_keys', key: 'key_id' },
  { name: 'audit_checkpoints', key: 'seq' },
  { name: 'audit_export_manifests', key: 'id' },
  { name: 'audit_sinks', key: 'id' },
  { name: 'sso_codes', key: 'code_hash' },
  { name: 'rate_limits', key: 'bucket' },
  { name: 'refusal_tallies', key: 'bucket' },
  { name: 'oidc_consents', key: 'id' },
];

/** Tables a backup leaves out, and why; every other table of the schema is in BACKUP_TABLES. */
export const NOT_BACKED_UP: Readonly<Record<string, string>> = {
  schema_migrations: 'the migrations are compared, not restored',
  user_facet_cube: 'rebuilt by the restore from the users and their roles',
  user_word_cube: 'rebuilt by the restore from the users',
  pending_sign_ins: 'a sign-in waiting for its second step lives 5 minutes',
  webauthn_challenges: 'a passkey challenge lives 5 minutes',
  oidc_payloads:
    "the OpenID Provider's codes, tokens and sessions: after a restore, applications sign in again",
};

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  migrations: string[];
  counts: Record<string, number>;
};
export type BackupLine = { table: string; row: Record<string, unknown> };

const PAGE = 2000;

async function rows<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Streams a backup: the header first, then every row, table by table. */
export async function writeBackup(
  database: Database,
  emit: (line: BackupHeader | BackupLine) => Promise<void> | void,
  now = new Date(),
): Promise<BackupHeader> {
  return database.db.transaction(async (tx) => {
    if (database.kind === 'postgres') {
      await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY`);
    }
    const migrations = (
      await rows<{ name: string }>(tx, sql`SELECT name FROM schema_migrations ORDER BY name`)
    ).map((r) => r.name);
    const counts: Record<string, number> = {};
    for (const t of BACKUP_TABLES) {
      const [c] = await rows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(t.name)}`,
      );
      counts[t.name] = c!.n;
    }
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      migrations,
      counts,
    };
    await emit(header);
    for (const t of BACKUP_TABLES) {
      let last: unknown = null;
      for (;;) {
        const page = await rows<{ k: unknown; r: Record<string, unknown> }>(
          tx,
          sql`SELECT ${sql.identifier(t.key)} AS k, to_jsonb(x) AS r FROM ${sql.identifier(t.name)} x
              ${last === null ? sql`` : sql`WHERE ${sql.identifier(t.key)} > ${last}`}
              ORDER BY ${sql.identifier(t.key)} LIMIT ${PAGE}`,
        );
        for (const p of page) await emit({ table: t.name, row: p.r });
        if (page.length < PAGE) break;
        last = page[page.length - 1]!.k;
      }
    }
    return header;
  });
}

export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * Replaces every row of the (migrated) database with the backup's, in one
 * transaction: a failed restore leaves the database as it was.
 */
export async function restoreBackup(
  database: Database,
  lines: AsyncIterable<BackupHeader | BackupLine>,
): Promise<Record<string, number>> {
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  const header = first.value as BackupHeader | undefined;
  if (first.done || header?.format !== BACKUP_FORMAT || header.version !== BACKUP_VERSION) {
    throw new BackupError('This file is not a Talent Ecosystem backup.');
  }
  const applied = (
    await database.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
  ).map((r) => r.name);
  if (JSON.stringify(applied) !== JSON.stringify(header.migrations)) {
    throw new BackupError(
      `The backup was taken at schema ${header.migrations.at(-1) ?? 'none'} but this database is at ${applied.at(-1) ?? 'none'}; restore it with the same version of the software.`,
    );
  }
  const known = new Set(BACKUP_TABLES.map((t) => t.name));
  return database.db.transaction(async (tx) => {
    const columns = new Map<string, string[]>();
    for (const t of BACKUP_TABLES) {
      const cols = await rows<{ column_name: string }>(
        tx,
        sql`SELECT column_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = ${t.name} AND is_generated = 'NEVER'
            ORDER BY ordinal_position`,
      );
      columns.set(
        t.name,
        cols.map((c) => c.column_name),
      );
    }
    await tx.execute(
      sql.raw(
        `TRUNCATE ${BACKUP_TABLES.map((t) => `"${t.name}"`).join(', ')} RESTART IDENTITY CASCADE`,
      ),
    );
    const restored: Record<string, number> = Object.fromEntries(
      BACKUP_TABLES.map((t) => [t.name, 0]),
    );
    let batch: Record<string, unknown>[] = [];
    let batchTable: string | null = null;
    const flush = async () => {
      if (!batchTable || batch.length === 0) return;
      const cols = columns.get(batchTable)!;
      const list = sql.raw(cols.map((c) => `"${c}"`).join(', '));
      await tx.execute(
        sql`INSERT INTO ${sql.identifier(batchTable)} (${list}) OVERRIDING SYSTEM VALUE
            SELECT ${list} FROM jsonb_populate_recordset(null::${sql.identifier(batchTable)}, ${JSON.stringify(batch)}::jsonb)`,
      );
      restored[batchTable]! += batch.length;
      batch = [];
    };
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      const line = next.value as BackupLine;
      if (!known.has(line.table)) throw new BackupError(`Unknown table in backup: ${line.table}`);
      if (line.table !== batchTable || batch.length >= 1000) {
        await flush();
        batchTable = line.table;
      }
      batch.push(line.row);
    }
    await flush();
    for (const t of BACKUP_TABLES) {
      if (restored[t.name] !== header.counts[t.name]) {
        throw new BackupError(
          `The backup is incomplete: ${t.name} has ${restored[t.name]} of ${header.counts[t.name]} rows.`,
        );
      }
    }
    await tx.execute(
      sql`SELECT setval(pg_get_serial_sequence('audit_events', 'seq'), coalesce((SELECT max(seq) FROM audit_events), 0) + 1, false)`,
    );
    return restored;
  });
}
