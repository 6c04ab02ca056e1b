import { createApp, type CreateAppOptions } from '../start/app';
import { anchorAuditChain } from '../audit/chain/upgrade';
import { useAuditChainKey } from '../audit/chain/link';
import { testConfig, type Config } from '../core/config';
import type { AppDeps } from '../core/context';
import type { Database } from '../db/client';
import { insertSamplePeople, seedIfEmpty } from '../db/seed';
import { seedUsers } from '../db/seed-data';
import { resolveDemoPrincipal } from '../setup/demo-admin';
import { TEST_AUDIT_CHAIN_KEY } from './setup';
import { openTestDatabaseFrom, type TestDatabase } from './template-database';

export type { TestDatabase };

export { TEST_AUDIT_CHAIN_KEY };

export const TEST_SETUP_KEY = 'test-setup-confirmation-key-0123456789';
/** Signs the sign-in's device cookies in tests (never a file under DATA_DIR). */
export const TEST_DEVICE_COOKIE_KEY = 'test-device-cookie-key-0123456789abcdef';
const TEST_MFA_KEY = 'test-mfa-encryption-key-0123456789abcdef';
const TEST_AUDIT_SINK_KEY = 'test-audit-sink-key-0123456789abcdef01';

/** A clock the test moves by hand. */
export function manualClock(start = new Date('2026-06-01T12:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(date: Date) {
      current = date.getTime();
    },
  };
}

/**
 * A fresh, empty database: in-memory PGlite by default, or a database of its own on the
 * PostgreSQL server named by TEST_DATABASE_URL, so the same suite runs on both.
 */
export function openTestDatabase(): Promise<TestDatabase> {
  return openTestDatabaseFrom(false);
}

/** A fresh test database (as openTestDatabase) with every migration applied: a template's copy. */
export function openMigratedTestDatabase(): Promise<TestDatabase> {
  return openTestDatabaseFrom(true);
}

/** Inserts the named sample accounts (with their sample roles) as test fixtures. */
async function insertPeople(db: Database['db'], emails: readonly string[]) {
  const people = emails.map((email) => {
    const person = seedUsers.find((u) => u.email === email.toLowerCase());
    if (!person) throw new Error(`no sample person ${email}`);
    return person;
  });
  return insertSamplePeople(db, people);
}

/** scrypt's lowest cost `verifyPassword` accepts (N=2^10): tests hash in milliseconds. */
const TEST_PASSWORD_PARAMS = { logN: 10, r: 8, p: 1 } as const;

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/**
 * One app over one migrated (and by default seeded) database, per test file:
 * opening PGlite costs about two seconds, so share it within the file.
 */
export async function createTestContext(
  options: {
    config?: Partial<Config>;
    seed?: boolean;
    /**
     * Sample accounts (by address, from the demo seed) to insert with their roles, for tests
     * that need particular people where nobody is seeded (production mode). No passwords.
     */
    people?: readonly string[];
    now?: () => Date;
    sleep?: (ms: number) => Promise<void>;
    app?: CreateAppOptions;
    /**
     * scrypt's cost for new hashes: by default scrypt's lowest accepted cost, a few milliseconds
     * instead of a noticeable moment per sign-up or unknown address; `'production'` for a test of
     * what the server stores.
     */
    passwordCost?: 'test' | 'production';
  } = {},
) {
  const database = await openMigratedTestDatabase();
  useAuditChainKey(TEST_AUDIT_CHAIN_KEY);
  await anchorAuditChain(database.db);
  const config = testConfig({
    setupConfirmationKey: TEST_SETUP_KEY,
    deviceCookieKey: TEST_DEVICE_COOKIE_KEY,
    mfaEncryptionKey: TEST_MFA_KEY,
    auditSinkKey: TEST_AUDIT_SINK_KEY,
    ...options.config,
  });
  if (options.seed !== false) await seedIfEmpty(database, config);
  if (options.people?.length) await insertPeople(database.db, options.people);
  const silent = { info() {}, warn() {}, error() {} };
  const deps: AppDeps = {
    database,
    db: database.db,
    config,
    now: options.now ?? (() => new Date()),
    sleep: options.sleep,
    passwordParams: options.passwordCost === 'production' ? undefined : TEST_PASSWORD_PARAMS,
    log: process.env.TEST_LOG ? { ...silent, error: (m, f) => console.error(m, f) } : silent,
    // Always the real one: a test may turn demo mode on over the same deps.
    resolveDemoPrincipal,
  };
  const app = createApp(deps, options.app);

  /** A JSON request; `token` becomes the bearer header. */
  async function call(
    method: string,
    path: string,
    init: {
      token?: string | null;
      body?: unknown;
      rawBody?: string;
      headers?: Record<string, string>;
    } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.rawBody !== undefined) body = init.rawBody;
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await app.request(path, { method, headers, body });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json: json as any };
  }

  return {
    app,
    database,
    db: database.db,
    deps,
    config,
    call,
    /** A demo token as the mock sign-in mints them. */
    demoToken: (ms = Date.now()) => `demo-token-${ms}`,
    close: () => database.close(),
  };
}
