import { execFileSync, spawnSync } from 'node:child_process';
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The built server is one file with its packages in it, bar PGlite (its WebAssembly and data
 * files sit beside its modules) and the PostgreSQL driver, loaded only by a server on PostgreSQL
 * (docs/decisions/017-start-up-to-the-first-answer.md). Built here the way `npm run build` does.
 */
const root = path.resolve(import.meta.dirname, '../..');
let outDir: string;

beforeAll(() => {
  outDir = mkdtempSync(path.join(tmpdir(), 'server-bundle-'));
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--ssr',
      'src/server/index.ts',
      '--outDir',
      outDir,
      '--logLevel',
      'error',
    ],
    { cwd: root, stdio: 'pipe' },
  );
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function outputFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The build writes each static import on a line of its own, at the top of its file. */
const STATIC_IMPORT = /^import\s[^;]*?\bfrom\s*["']([^"']+)["'];?$|^import\s*["']([^"']+)["'];?$/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Node's built-ins, named with or without `node:` (some bundled packages write `http`). */
const isBuiltin = (name: string) => name.startsWith('node:') || builtinModules.includes(name);

/** Package names a file imports (built-ins and the build's own files left out). */
function packages(code: string, pattern: RegExp): Set<string> {
  const names = [...code.matchAll(pattern)].map((m) => m[1] ?? m[2]!);
  return new Set(names.filter((name) => !isBuiltin(name) && !name.startsWith('.')));
}

describe('the server build', () => {
  it('takes its packages in, but PGlite and the PostgreSQL driver', () => {
    const imported = new Set<string>();
    for (const file of outputFiles(outDir)) {
      const code = readFileSync(file, 'utf8');
      for (const name of packages(code, STATIC_IMPORT)) imported.add(name);
      for (const name of packages(code, DYNAMIC_IMPORT)) imported.add(name);
    }
    expect([...imported].sort()).toEqual([
      '@electric-sql/pglite',
      '@electric-sql/pglite/contrib/pg_trgm',
      'pg',
    ]);
  });

  it('does not load the PostgreSQL driver on the embedded database', async () => {
    // The build finds its packages through a node_modules beside it, as in dist/server.
    symlinkSync(path.join(root, 'node_modules'), path.join(outDir, 'node_modules'), 'dir');
    const preload = path.join(outDir, 'report-pg.mjs');
    writeFileSync(
      preload,
      `import { createRequire } from 'node:module';
process.on('exit', () => {
  const cache = Object.keys(createRequire(import.meta.url).cache);
  console.log('pg loaded: ' + cache.some((file) => file.includes('/node_modules/pg/')));
});`,
    );
    // A busy port stops the start once the server's modules are loaded, before the database opens.
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'server-bundle-data-'));
    try {
      const run = spawnSync(
        process.execPath,
        ['--import', preload, path.join(outDir, 'index.js')],
        {
          cwd: root,
          encoding: 'utf8',
          env: {
            ...process.env,
            DATABASE_URL: '',
            DATA_DIR: dataDir,
            HOST: '127.0.0.1',
            PORT: String((busy.address() as AddressInfo).port),
          },
        },
      );
      expect(run.stderr).toContain('is already in use');
      expect(run.stdout).toContain('pg loaded: false');
    } finally {
      busy.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
