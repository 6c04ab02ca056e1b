#!/usr/bin/env node
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureBuilt } from '../build/build-stamp.mjs';

export const USAGE = `Usage: npm run screenshots -- [options]

A PNG of every screen at a phone's and a laptop's size, from the production build on a
fresh database, into screenshots/ (git-ignored).

  --tabs        also every tab of every dashboard
  --personas    also the screens whose words follow the persona (/demo, Role Builder,
                Quick Role Check, TalentMLS) as the talent and the investor see them
                (files end in @talent or @investor)
  --only=WORD   only the screens whose name contains WORD
  --dark        with the system preferring dark (files end in -dark.png)
  --sizes=LIST  the widths to take, of 320, 390, 1366 and 1920 (default 390,1366);
                --sizes=all takes the four
  --help, -h    this text, and nothing else
`;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(root, 'screenshots');
const args = process.argv.slice(2);
const withTabs = args.includes('--tabs');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const dark = args.includes('--dark');
const withPersonas = args.includes('--personas');
const suffix = dark ? '-dark' : '';

export const VIEWPORTS = [
  { name: 'narrow', width: 320, height: 640 },
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'wide', width: 1920, height: 1080 },
];
const sizesArg = args.find((a) => a.startsWith('--sizes='))?.slice('--sizes='.length);
const widths =
  sizesArg === 'all'
    ? VIEWPORTS.map((v) => v.width)
    : (sizesArg?.split(',').map(Number) ?? [390, 1366]);
const badSize = widths.find((w) => !VIEWPORTS.some((v) => v.width === w));
const viewports = VIEWPORTS.filter((v) => widths.includes(v.width));

const SLUGS = [
  'admin',
  'hirehub',
  'role-builder',
  'qrc',
  'sortstak',
  'talentmls',
  'talentspark',
  'ip-filters',
  'data-mining',
  'health',
  'settings',
];

/** Every screen: the public pages signed out, each protected route signed in. */
const SCREENS = [
  { name: 'landing', path: '/' },
  { name: 'demo', path: '/demo' },
  { name: 'final-todo', path: '/final-todo' },
  { name: 'auth', path: '/auth' },
  { name: 'not-found', path: '/no-such-page' },
  ...SLUGS.map((slug) => ({ name: `demo-${slug}`, path: `/demo/${slug}`, tabs: true })),
  ...SLUGS.map((slug) => ({ name: slug, path: `/${slug}`, signedIn: true, tabs: true })),
  { name: 'auth-redirect', path: '/auth-redirect?app_id=hirehub', signedIn: true },
  { name: 'security', path: '/account/security', signedIn: true },
];

/** The personas other than the default, and the screens whose words follow the persona. */
const OTHER_PERSONAS = ['talent', 'investor'];
const PERSONA_SCREENS = ['demo', 'demo-role-builder', 'demo-qrc', 'demo-talentmls'];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForServer(url, child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url} within a minute`);
}

/** The mock sign-in's session, as a reload would find it. */
function signIn() {
  const now = Date.now();
  localStorage.setItem(
    'ted.auth.session',
    JSON.stringify({
      user: {
        id: `demo-user-${now}`,
        email: 'demo@example.com',
        user_metadata: { full_name: 'Demo User' },
      },
      access_token: `demo-token-${now}`,
    }),
  );
}

async function settle(page) {
  await page
    .waitForFunction(
      () => !document.getElementById('root') || document.documentElement.dataset.ready === 'true',
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => {});
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  // The console keeps a live connection open, so the network is never idle there: wait for its
  // placeholders (skeletons, "Loading…") to give way to the data, on a busy machine too.
  await page
    .waitForFunction(
      () =>
        !document.querySelector('.animate-pulse, [aria-busy="true"]') &&
        !/^Loading/m.test(document.body.innerText),
      undefined,
      { timeout: 30_000 },
    )
    .catch(() => {});
  // Charts load as they come near the screen: bring everything in once, then go back up.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(() => r()));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(300);
}

/**
 * Chromium repeats the first screenful down a full-page capture of a page with
 * translucent blurred layers (the landing page): the shots leave the blur out.
 */
const NO_BLUR = '*, *::before, *::after { backdrop-filter: none !important; }';

/**
 * The whole page in one picture. Chromium's full-page capture of the landing
 * page still repeats its first screenful on a phone, so the window is made as
 * tall as the page instead, then put back.
 */
async function shootWhole(page, file) {
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await page.waitForTimeout(200);
  await page.screenshot({ path: file });
  await page.setViewportSize(viewport);
}

async function shoot(context, base, screen, viewport) {
  const page = await context.newPage();
  const files = [];
  try {
    // The link's persona is kept by the page, so a screen of another persona says its own.
    const persona = screen.persona ?? 'recruiter';
    await page.goto(
      `${base}${screen.path}${screen.path.includes('?') ? '&' : '?'}persona=${persona}`,
    );
    await page.addStyleTag({ content: NO_BLUR });
    await settle(page);
    const file = path.join(outDir, `${screen.name}-${viewport.name}${suffix}.png`);
    await shootWhole(page, file);
    files.push(file);
    if (withTabs && screen.tabs) {
      const tabs = page.getByRole('tablist').first().getByRole('tab');
      const count = await tabs.count();
      for (let i = 1; i < count; i++) {
        const tab = tabs.nth(i);
        const label = (await tab.innerText()).trim().toLowerCase().replace(/\W+/g, '-');
        await tab.click();
        await settle(page);
        const tabFile = path.join(outDir, `${screen.name}--${label}-${viewport.name}${suffix}.png`);
        await shootWhole(page, tabFile);
        files.push(tabFile);
      }
    }
  } catch (err) {
    console.error(`${screen.name} (${viewport.name}): ${err.message}`);
  } finally {
    await page.close();
  }
  return files;
}

async function main() {
  if (!ensureBuilt(root, (m) => console.log(m))) process.exit(1);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ted-shots-'));
  const server = spawn(process.execPath, [path.join(root, 'dist/server/index.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  let browser;
  try {
    await waitForServer(`${base}/api/health`, server);
    mkdirSync(outDir, { recursive: true });
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    const all = [...SCREENS];
    if (withPersonas) {
      for (const persona of OTHER_PERSONAS) {
        for (const s of SCREENS.filter((s) => PERSONA_SCREENS.includes(s.name))) {
          all.push({ ...s, name: `${s.name}@${persona}`, persona });
        }
      }
    }
    // --only=@ takes the other personas' screens alone.
    const screens = all.filter((s) => !only || s.name.includes(only));
    let count = 0;
    for (const viewport of viewports) {
      const contexts = {};
      for (const signedIn of [false, true]) {
        contexts[signedIn] = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          reducedMotion: 'reduce',
          colorScheme: dark ? 'dark' : 'light',
          // For the style the shots add (NO_BLUR); the page's own policy is tested elsewhere.
          bypassCSP: true,
        });
        if (signedIn) await contexts[signedIn].addInitScript(signIn);
      }
      // Two pages at a time: a full-page shot waits mostly on the browser.
      const queue = [...screens];
      const worker = async () => {
        for (let s = queue.shift(); s; s = queue.shift()) {
          const files = await shoot(contexts[!!s.signedIn], base, s, viewport);
          count += files.length;
        }
      };
      await Promise.all([worker(), worker()]);
      for (const c of Object.values(contexts)) await c.close();
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.log(
      `${count} screenshots in ${path.relative(process.cwd(), outDir) || '.'}/ (${seconds} s)`,
    );
  } finally {
    await browser?.close();
    stop();
    await new Promise((r) => (server.exitCode === null ? server.on('exit', r) : r()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(USAGE);
} else {
  const unknown = args.filter(
    (a) => !['--tabs', '--dark', '--personas'].includes(a) && !/^--(only|sizes)=/.test(a),
  );
  if (unknown.length > 0) {
    process.stderr.write(`Unknown option ${unknown.join(', ')}\n\n${USAGE}`);
    process.exit(2);
  }
  if (badSize !== undefined) {
    process.stderr.write(`No size ${sizesArg}: the widths are 320, 390, 1366 and 1920\n`);
    process.exit(2);
  }
  await main();
}
