import { createHash } from 'node:crypto';
import { BACKUP_TABLES } from '../db/backup';
import type { Database } from '../db/client';

/**
 * A checksum of every row of every table (the backup's table list plus the
 * migrations), each table's rows ordered by their JSON text, so that two equal
 * checksums mean nothing was written in between.
 *
 * `ignoreAuditTypes` leaves out audit records of those types, the chain
 * head, which moves with every record, and the refusal tallies and event
 * budgets, which count refusals before they become records: some refusals are written to the
 * audit trail on purpose (docs/api/credential-policy.md, docs/api/audit-trail.md#refusals).
 */
export async function databaseChecksum(
  t: { database: Pick<Database, 'query'> },
  options: { ignoreAuditTypes?: readonly string[] } = {},
): Promise<string> {
  const ignored = options.ignoreAuditTypes ?? [];
  const tables = ['schema_migrations', ...BACKUP_TABLES.map((b) => b.name)].filter(
    (name) => !(ignored.length && (name === 'audit_chain_head' || name === 'refusal_tallies')),
  );
  const selects = tables.map((name) => {
    const where = !ignored.length
      ? ''
      : name === 'audit_events'
        ? ' WHERE NOT (x.event_type = ANY($1))'
        : name === 'rate_limits'
          ? ` WHERE x.bucket NOT LIKE 'refusal-events:%'`
          : '';
    return `SELECT '${name}' AS name, count(*)::int AS n,
              md5(coalesce(string_agg(r, E'\\n' ORDER BY r), '')) AS h
              FROM (SELECT to_jsonb(x)::text AS r FROM "${name}" x${where}) s`;
  });
  const rows = await t.database.query<{ name: string; n: number; h: string }>(
    selects.join(' UNION ALL '),
    ignored.length ? [ignored] : [],
  );
  rows.sort((a, b) => a.name.localeCompare(b.name));
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}
