import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildInputs, buildIsFresh, ensureBuilt, sourceStamp, stampFile } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '../..');

it('builds React’s production bundle even when started under another NODE_ENV', () => {
  // Vitest runs with NODE_ENV=test; the build it triggers is the one the end-to-end run serves.
  expect(process.env.NODE_ENV).toBe('test');
  expect(ensureBuilt(root)).toBe(true);
  const assets = path.join(root, 'dist/client/assets');
  const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
  expect(scripts).not.toHaveLength(0);
  const development = scripts.filter((f) =>
    // Only React's development build prints this hint and checks hook order by name.
    /Download the React DevTools|Rendered more hooks than during the previous render/.test(
      readFileSync(path.join(assets, f), 'utf8'),
    ),
  );
  expect(development).toEqual([]);
  // A whole production build: minutes on a busy machine, not the suite's usual minute.
}, 300_000);

describe('the build stamp', () => {
  /** A project in miniature, built: dist/ and a stamp of its sources as they are. */
  let project: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
    writeFileSync(path.join(project, file), text);
  };

  beforeEach(() => {
    project = mkdtempSync(path.join(tmpdir(), 'build-stamp-'));
    write('package.json', '{ "scripts": { "build": "vite build" } }\n');
    write('package-lock.json', '{}\n');
    write('tsconfig.json', '{ "compilerOptions": { "strict": true } }\n');
    write('vite.config.ts', 'export default {};\n');
    write('index.html', '<!doctype html>\n');
    write('public/robots.txt', 'User-agent: *\n');
    write('src/client/main.tsx', 'export {};\n');
    write('src/client/main.test.tsx', 'export {};\n');
    write('scripts/build/prerender.mjs', 'export {};\n');
    write('README.md', '# Demo\n');
    write('dist/client/index.html', '<!doctype html>\n');
    write('dist/server/index.js', '\n');
    writeFileSync(stampFile(project), sourceStamp(project));
  });
  afterEach(() => rmSync(project, { recursive: true, force: true }));

  it('counts the manifest, the TypeScript and Vite configs, the pages and the build scripts', () => {
    expect(buildInputs(project)).toEqual([
      'index.html',
      'package-lock.json',
      'package.json',
      'public/robots.txt',
      'scripts/build/prerender.mjs',
      'src/client/main.tsx',
      'tsconfig.json',
      'vite.config.ts',
    ]);
  });

  it('is fresh right after the build', () => {
    expect(buildIsFresh(project)).toBe(true);
  });

  it.each([
    ['package.json', '{ "scripts": { "build": "vite build --mode demo" } }\n'],
    ['tsconfig.json', '{ "compilerOptions": { "strict": false } }\n'],
    ['tsconfig.node.json', '{}\n'],
    ['index.html', '<!doctype html><title>x</title>\n'],
    ['page.html', '<!doctype html>\n'],
    ['public/robots.txt', 'User-agent: *\nDisallow: /\n'],
    ['scripts/build/prerender.mjs', 'export const pages = [];\n'],
    ['scripts/build/new-plugin.ts', 'export {};\n'],
    ['vite.config.ts', 'export default { base: "/x/" };\n'],
    ['src/client/main.tsx', 'export const x = 1;\n'],
  ])('goes stale when %s changes or appears', (file, text) => {
    write(file, text);
    expect(buildIsFresh(project)).toBe(false);
  });

  it.each([
    ['a test', 'src/client/main.test.tsx', 'export const x = 1;\n'],
    ['the README', 'README.md', '# Demo, renamed\n'],
  ])('stays fresh when %s changes', (_, file, text) => {
    write(file, text);
    expect(buildIsFresh(project)).toBe(true);
  });
});
