import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { readMigrations } from './migrate';
import { createFromTemplate, ensureTemplate, templateIsCurrent, templateStamp } from './template';
import { prepareDatabase } from '../start/bootstrap';
import { loadConfig } from '../core/config';

// Each case creates an embedded database on disk: seconds of CPU on a busy machine.
const SLOW = 180_000;

let root: string;
let template: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'db-template-'));
  template = path.join(root, 'template');
  expect(await ensureTemplate(template)).toBe(true);
}, SLOW);
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const configFor = (dir: string) =>
  loadConfig({ DATA_DIR: dir, DEMO_MODE: 'true', LOG_LEVEL: 'warn' });

/** What a first start leaves in the database, less what is random or dated per installation. */
async function contents(database: Database) {
  return {
    migrations: await database.query('SELECT name FROM schema_migrations ORDER BY name'),
    users: await database.query(
      `SELECT u.email, u.full_name, u.organization, u.department, u.is_active,
              array_agg(r.role || ':' || r.is_active ORDER BY r.role) FILTER (WHERE r.role IS NOT NULL) AS roles
         FROM platform_users u LEFT JOIN platform_role_assignments r ON r.user_id = u.id
        GROUP BY u.id ORDER BY u.email`,
    ),
    apps: await database.query(
      `SELECT app_name, app_type, is_active, api_key_hash IS NOT NULL AS has_key FROM applications ORDER BY app_name`,
    ),
    requests: await database.query(
      `SELECT count(*)::int AS n, string_agg(status, ',' ORDER BY status) AS statuses FROM admin_action_approvals`,
    ),
    settings: await database.query('SELECT key FROM app_settings ORDER BY key'),
    auditEvents: await database.query('SELECT count(*)::int AS n FROM audit_events'),
    chainHead: await database.query(
      `SELECT id, last_seq, last_hash, event_count, keyed_from_seq, checkpoint IS NOT NULL AS signed
         FROM audit_chain_head ORDER BY id`,
    ),
  };
}

describe('database template', () => {
  it('is kept while the migrations are the same', async () => {
    expect(templateIsCurrent(template)).toBe(true);
    expect(await ensureTemplate(template)).toBe(false);
  });

  it(
    'gives a new data folder the same database as creating it the slow way',
    async () => {
      const fast = path.join(root, 'fast');
      const slow = path.join(root, 'slow');
      const quiet = () => {};

      const startedAt = new Date();
      const fromTemplate = await prepareDatabase(configFor(fast), quiet, { template });
      let a;
      let migratedAt;
      try {
        a = await contents(fromTemplate);
        [migratedAt] = await fromTemplate.query<{ t: Date }>(
          'SELECT max(applied_at) AS t FROM schema_migrations',
        );
      } finally {
        await fromTemplate.close();
      }
      const created = await prepareDatabase(configFor(slow), quiet, { template: false });
      let b;
      try {
        b = await contents(created);
      } finally {
        await created.close();
      }

      expect(a.users.length).toBeGreaterThan(5);
      expect(a.migrations).toHaveLength(readMigrations().length);
      expect(a).toEqual(b);
      // The first folder's migrations were applied when the template was made, not at its start.
      expect(new Date(migratedAt!.t).getTime()).toBeLessThan(startedAt.getTime());
      expect(existsSync(path.join(fast, 'audit-chain-key'))).toBe(true);
    },
    SLOW,
  );

  it('leaves a data folder that already has a database alone', () => {
    const dir = path.join(root, 'fast');
    expect(existsSync(path.join(dir, 'pglite/PG_VERSION'))).toBe(true);
    expect(createFromTemplate(dir, template)).toBe(false);
    // Nor one holding what an interrupted first start left: that is no database to replace.
    const leftover = path.join(root, 'leftover');
    mkdirSync(path.join(leftover, 'pglite/base'), { recursive: true });
    expect(createFromTemplate(leftover, template)).toBe(false);
    expect(existsSync(path.join(leftover, 'pglite/PG_VERSION'))).toBe(false);
  });

  it(
    'is made again when a migration changes, and not used until then',
    async () => {
      const changed = [
        ...readMigrations(),
        { name: '9999_probe.sql', sql: 'CREATE TABLE template_probe (id int);' },
      ];
      expect(templateStamp(changed)).not.toBe(templateStamp());
      expect(await ensureTemplate(template, changed)).toBe(true);
      expect(readFileSync(path.join(template, 'stamp'), 'utf8')).toBe(templateStamp(changed));
      // Made from other migrations than this code carries: a new folder is created as usual.
      expect(templateIsCurrent(template)).toBe(false);
      expect(createFromTemplate(path.join(root, 'other'), template)).toBe(false);
      expect(existsSync(path.join(root, 'other/pglite'))).toBe(false);
    },
    SLOW,
  );
});
