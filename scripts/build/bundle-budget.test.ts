import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { bundleBudget, RESPONSE_HEADER_BYTES, type BudgetOptions } from './bundle-budget';

/**
 * The budgets fail the build (docs/product/quality.md#bundle-budgets): a fixture app is built with the
 * plugin, once within its budgets and then over each kind of limit.
 */

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A two-page app: `main.js` lazily loads `page.js`, which imports `charts/big.js`. */
function fixture(bigBytes: number): string {
  const root = mkdtempSync(path.join(tmpdir(), 'budget-fixture-'));
  dirs.push(root);
  mkdirSync(path.join(root, 'charts'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>',
  );
  writeFileSync(
    path.join(root, 'main.js'),
    "document.body.append('home');\ndocument.body.onclick = () => import('./page.js');\n",
  );
  writeFileSync(
    path.join(root, 'page.js'),
    "import { data } from './charts/big.js';\nexport default (i) => data.charCodeAt(i);\n",
  );
  // Random-looking text does not compress: its gzip size stays near its length.
  let text = '';
  let seed = 7;
  while (text.length < bigBytes) {
    seed = (seed * 48271) % 2147483647;
    text += seed.toString(36);
  }
  writeFileSync(
    path.join(root, 'charts', 'big.js'),
    `export const data = ${JSON.stringify(text)};\n`,
  );
  return root;
}

async function buildWith(root: string, options: BudgetOptions) {
  const printed: string[] = [];
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [bundleBudget({ ...options, print: (t) => printed.push(t) })],
    build: { outDir: path.join(root, 'dist'), write: false },
  });
  return printed.join('\n');
}

const routes = (maxGzipBytes: number): BudgetOptions['routes'] => [
  { route: '/', entry: 'index', maxGzipBytes },
  { route: '/page', entry: 'index', pages: ['page.js'] },
];

describe('bundle budgets', () => {
  it('pass a build within them, and print what each route loads', async () => {
    const report = await buildWith(fixture(5_000), { routes: routes(2_000) });
    expect(report).toMatch(/^\/ {2,}1 /m);
    expect(report).toMatch(/^\/page {2,}2 /m);
  });

  it('fail the build when a route loads more than its budget', async () => {
    const root = fixture(5_000);
    await expect(
      buildWith(root, {
        routes: [{ route: '/page', entry: 'index', pages: ['page.js'], maxGzipBytes: 3_000 }],
      }),
    ).rejects.toThrow(/\/page loads [\d.]+ kB of JavaScript \(gzip\), over its budget of 3\.0 kB/);
  });

  it('fail the build when a route loads code it may not', async () => {
    const root = fixture(500);
    await expect(
      buildWith(root, {
        routes: routes(100_000),
        restricted: [
          { name: 'the charting library', test: /^charts\//, allowedOn: (r) => r.route === '/' },
        ],
      }),
    ).rejects.toThrow(/\/page loads the charting library \(assets\/page-[\w-]+\.js\)/);
  });

  it('fail the build when a route’s page could load code it may not later', async () => {
    const root = fixture(500);
    // The page now loads the chart module only when asked to.
    writeFileSync(
      path.join(root, 'page.js'),
      "export default () => import('./charts/big.js').then((m) => m.data.charCodeAt(0));\n",
    );
    await expect(
      buildWith(root, {
        routes: routes(100_000),
        restricted: [
          { name: 'the charting library', test: /^charts\//, allowedOn: (r) => r.route === '/' },
        ],
      }),
    ).rejects.toThrow(/\/page loads the charting library \(assets\/big-[\w-]+\.js\)/);
  });

  it('leave out what a page loads only when the visitor asks for it (onInput)', async () => {
    const root = fixture(500);
    writeFileSync(
      path.join(root, 'page.js'),
      "export default () => import('./asked.js').then((m) => m.default);\n",
    );
    writeFileSync(
      path.join(root, 'asked.js'),
      "export default () => import('./charts/big.js').then((m) => m.data.charCodeAt(0));\n",
    );
    const restricted: BudgetOptions['restricted'] = [
      { name: 'the charting library', test: /^charts\//, allowedOn: (r) => r.route === '/' },
    ];
    const page = { route: '/page', entry: 'index', pages: ['page.js'] };
    await expect(buildWith(root, { routes: [page], restricted })).rejects.toThrow(
      /\/page loads the charting library/,
    );
    const report = await buildWith(root, {
      routes: [{ ...page, onInput: ['asked.js'] }],
      restricted,
    });
    expect(report).toMatch(/^\/page {2,}2 /m);
  });

  it('count a root the entry loads like the entry: its lazy imports are other routes’', async () => {
    const root = fixture(500);
    // page.js is now a root, as the app's is: it loads the chart module only when asked to.
    writeFileSync(
      path.join(root, 'page.js'),
      "export default () => import('./charts/big.js').then((m) => m.data.charCodeAt(0));\n",
    );
    const restricted: BudgetOptions['restricted'] = [
      { name: 'the charting library', test: /^charts\//, allowedOn: (r) => r.route === '/' },
    ];
    const report = await buildWith(root, {
      routes: [{ route: '/page', entry: 'index', roots: ['page.js'] }],
      restricted,
    });
    expect(report).toMatch(/^\/page {2,}2 /m);
    await expect(
      buildWith(root, {
        routes: [{ route: '/page', entry: 'index', roots: ['page.js'], pages: ['charts/big.js'] }],
        restricted,
      }),
    ).rejects.toThrow(/\/page loads the charting library/);
  });

  it('count what a route transfers: each file served, with its headers, and its background', async () => {
    const root = fixture(5_000);
    // main.js now loads a background module at once, without input.
    writeFileSync(
      path.join(root, 'main.js'),
      "document.body.append('home');\nvoid import('./page.js');\n",
    );
    const report = await buildWith(root, {
      routes: [{ route: '/', entry: 'index', background: ['page.js'], maxTransferBytes: 100_000 }],
    });
    // The entry, and the page with its chart module (loaded without input, so counted), each
    // file with RESPONSE_HEADER_BYTES of headers; the random text hardly compresses.
    expect(report).toMatch(/^\/ {2,}2 /m);
    const onTheWire = Number(/^\/ +2 +[\d.]+ kB +([\d.]+) kB/m.exec(report)?.[1]) * 1000;
    expect(onTheWire).toBeGreaterThan(3_500 + 2 * RESPONSE_HEADER_BYTES);
    await expect(
      buildWith(root, {
        routes: [{ route: '/', entry: 'index', background: ['page.js'], maxTransferBytes: 4_000 }],
      }),
    ).rejects.toThrow(
      /\/ transfers [\d.]+ kB of JavaScript \(2 files with their headers\), over its budget of 4\.0 kB/,
    );
  });

  it('fail the build when a route names a page that is not in it', async () => {
    await expect(
      buildWith(fixture(500), {
        routes: [{ route: '/gone', entry: 'index', pages: ['gone.js'] }],
      }),
    ).rejects.toThrow(/\/gone no chunk for gone\.js/);
  });
});
