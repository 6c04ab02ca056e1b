import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ensureBuilt } from './build-stamp.mjs';

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
});
