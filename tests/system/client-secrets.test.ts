import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { getTableColumns, isTable, type Table } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_SETUP_KEY } from '../../playwright.config';
import * as schema from '../../src/server/db/schema';
import * as seedData from '../../src/server/db/seed-data';
import {
  createTestContext,
  TEST_SETUP_KEY,
  type TestContext,
} from '../../src/server/testing/harness';
import { ensureBuilt } from '../../scripts/build/build-stamp.mjs';

/**
 * docs/product/quality.md#client-secrets, the browser half: nothing secret is in the built client.
 * Every file of dist/client is scanned for the setup confirmation keys the
 * builds and tests use, the seed's application secrets and password hashes,
 * anything shaped like a scrypt hash, and words that only server modules hold
 * (secret columns, Node built-ins, server-only packages). dist/ is built first
 * when it is missing or stale, as the end-to-end server does.
 */

const root = path.resolve(import.meta.dirname, '../..');
const clientDir = path.join(root, 'dist/client');

/** A scrypt hash as passwords.ts writes it (`scrypt$N$r$p$salt$key`), anywhere in a text. */
const SCRYPT_HASH = /scrypt\$\d{1,2}\$\d{1,2}\$\d{1,2}\$[A-Za-z0-9_-]{8,}\$[A-Za-z0-9_-]{16,}/;
/** A hex SHA-256, as the application secrets and tokens are stored. */
const isSha256Hex = (s: string) => /^[0-9a-f]{64}$/.test(s);

type Finding = { file: string; what: string };
type Secrets = { literals: Map<string, string>; patterns: Map<string, RegExp> };

/** Every file under `dir`, with its text. */
function readTree(dir: string): { file: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return readTree(full);
    return [{ file: path.relative(root, full), text: readFileSync(full).toString('latin1') }];
  });
}

/** What each file holds of `secrets`; the name of a literal says what it is, never its value. */
function findSecrets(files: { file: string; text: string }[], secrets: Secrets): Finding[] {
  const found: Finding[] = [];
  for (const { file, text } of files) {
    for (const [what, value] of secrets.literals) {
      if (text.includes(value)) found.push({ file, what });
    }
    for (const [what, pattern] of secrets.patterns) {
      if (pattern.test(text)) found.push({ file, what });
    }
  }
  return found;
}

/**
 * SQL names of the columns that hold secrets or their hashes (password_hash,
 * api_key_hash…), except those the API contract in src/shared also uses as
 * field names (the Security tab shows a session_token_hash prefix by design).
 */
function secretColumns(): string[] {
  const contract = readTree(path.join(root, 'src/shared'))
    .map((f) => f.text)
    .join('\n');
  const tables = Object.values(schema as Record<string, unknown>).filter((v): v is Table =>
    isTable(v),
  );
  return tables.flatMap((t) =>
    Object.values(getTableColumns(t))
      .map((c) => c.name)
      .filter((name) => /_.*(hash|secret|password)|(hash|secret|password).*_/.test(name))
      .filter((name) => !contract.includes(name)),
  );
}

/** Node built-ins and packages the server imports and the client and shared code never do. */
function serverOnlyImports(): string[] {
  const specifiers = (dir: string) =>
    new Set(
      readTree(path.join(root, dir))
        .filter((f) => /\.tsx?$/.test(f.file) && !/\.test\.tsx?$/.test(f.file))
        .flatMap((f) => [...f.text.matchAll(/from '([^'.@][^']*|@[^/'][^']*)'/g)].map((m) => m[1]!))
        .filter((s) => !s.startsWith('@/') && !s.startsWith('@shared/')),
    );
  const browser = new Set([...specifiers('src/client'), ...specifiers('src/shared')]);
  return [...specifiers('src/server')].filter((s) => !browser.has(s) && /[:/-]/.test(s));
}

/** String values of the seed data whose key names a secret (password, secret, token, key). */
function seedSecretLiterals(): string[] {
  const found: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string' && /password|secret|token|key$/i.test(key)) found.push(value);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(v, Array.isArray(value) ? key : k);
  };
  walk(seedData, '');
  return found;
}

let t: TestContext;
let secrets: Secrets;

beforeAll(async () => {
  // As the end-to-end run builds it: with its setup confirmation key in the environment.
  const built = ensureBuilt(root, undefined, {
    ...process.env,
    SETUP_CONFIRMATION_KEY: E2E_SETUP_KEY,
  });
  expect(built, 'npm run build').toBe(true);

  // The seed's secrets exist only as hashes in a seeded database: read them from one.
  t = await createTestContext();
  const rows = await t.database.query<{ value: string | null }>(
    `SELECT api_key_hash AS value FROM applications
     UNION ALL SELECT webhook_secret_hash FROM applications
     UNION ALL SELECT password_hash FROM password_credentials
     UNION ALL SELECT value FROM app_settings`,
  );
  const seeded = rows.map((r) => r.value).filter((v): v is string => !!v);

  const literals = new Map<string, string>([
    ['the end-to-end setup confirmation key', E2E_SETUP_KEY],
    ['the tests’ setup confirmation key', TEST_SETUP_KEY],
  ]);
  if (process.env.SETUP_CONFIRMATION_KEY)
    literals.set('this environment’s setup confirmation key', process.env.SETUP_CONFIRMATION_KEY);
  seeded
    .filter((v) => isSha256Hex(v) || SCRYPT_HASH.test(v))
    .forEach((v, i) => literals.set(`seeded secret hash #${i + 1}`, v));
  seedSecretLiterals().forEach((v, i) => literals.set(`seed data secret #${i + 1}`, v));
  for (const column of secretColumns()) literals.set(`server column ${column}`, column);
  for (const specifier of serverOnlyImports())
    literals.set(`server-only module ${specifier}`, specifier);
  secrets = {
    literals,
    patterns: new Map([
      ['a scrypt password hash', SCRYPT_HASH],
      ['a PEM private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
    ]),
  };
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('the built client', () => {
  it('knows what to look for', () => {
    const what = [...secrets.literals.keys()];
    expect(what).toContain('server column password_hash');
    expect(what).toContain('server column api_key_hash');
    expect(what).toContain('server column webhook_secret_hash');
    expect(what).toContain('server-only module node:crypto');
    expect(what).toContain('server-only module drizzle-orm');
    expect(what.filter((w) => w.startsWith('seeded secret hash'))).not.toHaveLength(0);
  });

  it('holds no setup key, seeded secret, password hash or server-only word', () => {
    const files = readTree(clientDir);
    expect(files.map((f) => f.file)).toContain('dist/client/index.html');
    expect(files.some((f) => f.file.endsWith('.js'))).toBe(true);
    expect(findSecrets(files, secrets)).toEqual([]);
  });

  it('would be caught holding any of them', () => {
    const hash = `scrypt$17$8$1$${'s'.repeat(22)}$${'k'.repeat(43)}`;
    const inlined = [...secrets.literals.values()].map((v) => `const x = ${JSON.stringify(v)};`);
    const fixture = {
      file: 'fixture.js',
      text: [...inlined, `fetch("/x", { body: "${hash}" })`].join('\n'),
    };
    const found = findSecrets([fixture], secrets).map((f) => f.what);
    expect(found).toEqual(expect.arrayContaining([...secrets.literals.keys()]));
    expect(found).toContain('a scrypt password hash');
    // A scan of the same text without them finds nothing.
    expect(findSecrets([{ file: 'clean.js', text: 'const x = "api_key";' }], secrets)).toEqual([]);
  });
});
