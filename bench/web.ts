/**
 * npm run bench:web — Lighthouse (mobile default configuration: emulated
 * phone, simulated slow 4G and a 4× slower CPU) against the production server,
 * for the pages of docs/product/quality.md#landing-budget and for a minimal React page built by the same
 * toolchain (the floor no React app beats). Three runs per page; each figure
 * is the median of its runs. Prints one table.
 *
 *   BENCH_RUNS=3          runs per page (default 3)
 *   BENCH_PAGES=/,/auth   pages to measure (default: the list below)
 *   CHROME_PATH=…         the Chromium to drive (default /usr/bin/chromium)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBuilt } from '../scripts/build/build-stamp.mjs';
import { buildMinimalPage, serveStaticDir } from './minimal-react-page.ts';
import { printTable as printMarkdownTable } from './markdown-table.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = (
  process.env.BENCH_PAGES ?? '/,/auth,/demo,/demo/admin,/demo/hirehub,/demo/health'
).split(',');

type Row = {
  page: string;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  scripts: number;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

async function waitForHealth(url: string, timeoutMs = 60_000) {
  const start = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() - start > timeoutMs) throw new Error(`${url} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** One Lighthouse run; a run whose trace failed to record (it happens) is tried again. */
async function runLighthouse(url: string, port: number, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const error = result ? result.lhr.runtimeError : { message: 'no result' };
    if (!error) return result!.lhr;
    if (attempt >= attempts) throw new Error(`${url}: ${error.message}`);
    process.stderr.write(`  ${url}: ${error.message}; trying again\n`);
  }
}

async function measure(url: string, port: number): Promise<Omit<Row, 'page'>> {
  const runs: Omit<Row, 'page'>[] = [];
  for (let i = 0; i < RUNS; i++) {
    const lhr = await runLighthouse(url, port);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const requests = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)
      ?.items as { resourceType?: string; transferSize?: number }[] | undefined;
    runs.push({
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      bytes: audit('total-byte-weight'),
      scripts: (requests ?? [])
        .filter((r) => r.resourceType === 'Script')
        .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    });
  }
  return {
    score: median(runs.map((r) => r.score)),
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    bytes: median(runs.map((r) => r.bytes)),
    scripts: median(runs.map((r) => r.scripts)),
  };
}

function printTable(rows: Row[]) {
  const kb = (n: number) => (n / 1024).toFixed(1);
  const header = ['page', 'score', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'bytes KB', 'JS KB'];
  const lines = rows.map((r) => [
    r.page,
    String(r.score),
    r.fcp.toFixed(0),
    r.lcp.toFixed(0),
    r.tbt.toFixed(0),
    r.cls.toFixed(3),
    kb(r.bytes),
    kb(r.scripts),
  ]);
  printMarkdownTable(header, lines);
}

async function main() {
  if (!ensureBuilt(root, (m) => console.log(m))) process.exit(1);
  const work = mkdtempSync(path.join(os.tmpdir(), 'ted-bench-web-'));
  const cleanups: (() => unknown)[] = [() => rmSync(work, { recursive: true, force: true })];
  try {
    const minimalServer = await serveStaticDir(await buildMinimalPage(path.join(work, 'minimal')));
    cleanups.push(minimalServer.close);

    const appPort = await freePort();
    const server = spawn(process.execPath, [path.join(root, 'dist/server/index.js')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(appPort),
        DATA_DIR: path.join(work, 'data'),
        DEMO_MODE: 'true',
        LOG_LEVEL: 'warn',
      },
    });
    cleanups.push(async () => {
      server.kill('SIGTERM');
      if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
    });
    const appUrl = `http://127.0.0.1:${appPort}`;
    await waitForHealth(appUrl);

    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    cleanups.push(() => chrome.kill());

    const rows: Row[] = [];
    const targets = [
      { page: 'minimal React page', url: `${minimalServer.url}/` },
      ...PAGES.map((p) => ({ page: p, url: `${appUrl}${p}` })),
    ];
    for (const { page, url } of targets) {
      process.stderr.write(`measuring ${page}…\n`);
      rows.push({ page, ...(await measure(url, chrome.port)) });
    }
    console.log(
      `\nLighthouse ${RUNS} run(s) per page, medians; mobile default configuration; ${os.cpus().length} CPUs, Node ${process.version}\n`,
    );
    printTable(rows);
    printTargets(rows);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

/** The targets of docs/performance.md#targets, each beside what this run measured. */
function printTargets(rows: Row[]) {
  const floor = rows[0]!;
  const pages = rows.slice(1);
  const byPage = (page: string) => pages.find((r) => r.page === page);
  const worst = (pick: (r: Row) => number, max: boolean) =>
    pages.reduce((a, b) => ((max ? pick(b) > pick(a) : pick(b) < pick(a)) ? b : a));
  const lines: [string, string, boolean][] = [];
  const lowest = worst((r) => r.score, false);
  lines.push([
    'Lighthouse score ≥ 99, every page',
    `lowest ${lowest.score} (${lowest.page})`,
    lowest.score >= 99,
  ]);
  const blocking = worst((r) => r.tbt, true);
  lines.push([
    'TBT ≤ 100 ms, every page',
    `highest ${Math.round(blocking.tbt)} ms (${blocking.page})`,
    blocking.tbt <= 100,
  ]);
  const shifting = worst((r) => r.cls, true);
  lines.push(['CLS 0, every page', `highest ${shifting.cls.toFixed(3)}`, shifting.cls === 0]);
  const home = byPage('/');
  if (home) {
    const ratio = home.lcp / floor.lcp;
    lines.push([
      'LCP of / ≤ 1.00× the minimal page’s',
      `${Math.round(home.lcp)} ÷ ${Math.round(floor.lcp)} ms = ${ratio.toFixed(2)}×`,
      ratio <= 1,
    ]);
    lines.push([
      'JS transferred by / ≤ 90 KiB',
      `${(home.scripts / 1024).toFixed(1)} KiB`,
      home.scripts <= 90 * 1024,
    ]);
  }
  const auth = byPage('/auth');
  if (auth) {
    lines.push([
      'JS transferred by /auth ≤ 150 KiB',
      `${(auth.scripts / 1024).toFixed(1)} KiB`,
      auth.scripts <= 150 * 1024,
    ]);
  }
  console.log('');
  printMarkdownTable(
    ['target', 'this run', 'met?'],
    lines.map(([target, result, met]) => [target, result, met ? 'yes' : '**no**']),
  );
}

await main();
