import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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

/** Package names a file imports (node: built-ins and the build's own files left out). */
function packages(code: string, pattern: RegExp): Set<string> {
  const names = [...code.matchAll(pattern)].map((m) => m[1] ?? m[2]!);
  return new Set(names.filter((name) => !name.startsWith('node:') && !name.startsWith('.')));
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

  it('loads the PostgreSQL driver only when it is used', () => {
    const entry = readFileSync(path.join(outDir, 'index.js'), 'utf8');
    expect(packages(entry, STATIC_IMPORT)).not.toContain('pg');
    expect(packages(entry, DYNAMIC_IMPORT)).toContain('pg');
  });
});
