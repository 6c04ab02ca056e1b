#!/usr/bin/env node
// Finds the Chromium the end-to-end tests drive: CHROME_PATH, else Debian's
// headless shell (/usr/bin/chromium-headless-shell), else Debian's full
// /usr/bin/chromium. When neither is there and we are root, installs Debian's
// packages (browser downloads do not work on these machines); otherwise stops
// with a message that says how to get one.
//
// The headless shell is the browser Playwright itself runs headless tests in:
// without the full browser's own interface (each page of the full browser
// starts extra processes for its tabs and toolbars), a suite runs in about
// two thirds of the time on two cores.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL = '/usr/bin/chromium';

/** The browser the tests drive: CHROME_PATH, else the headless shell when installed, else the full browser. */
export function chromiumPath() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL;
}

function works(bin) {
  if (!existsSync(bin)) return false;
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return r.status === 0;
}

export function ensureChromium() {
  if (process.env.CHROME_PATH) {
    if (works(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
    throw new Error(`CHROME_PATH=${process.env.CHROME_PATH} is not a working Chromium.`);
  }
  if (works(HEADLESS_SHELL)) return HEADLESS_SHELL;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    if (works(FULL)) return FULL;
    throw new Error(
      'No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: ' +
        '`sudo apt-get install chromium-headless-shell`) or point CHROME_PATH at a Chromium or Chrome binary.',
    );
  }
  console.log('Installing Debian chromium-headless-shell for the end-to-end tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    execFileSync(
      'apt-get',
      [
        'install',
        '-y',
        '-qq',
        '--no-install-recommends',
        'chromium-headless-shell',
        'chromium',
        'fonts-liberation',
      ],
      { stdio: 'inherit', env },
    );
  try {
    install();
  } catch {
    // The package lists may be old or missing on a fresh machine.
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    install();
  }
  if (works(HEADLESS_SHELL)) return HEADLESS_SHELL;
  if (works(FULL)) return FULL;
  throw new Error('chromium-headless-shell was installed but does not start.');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
