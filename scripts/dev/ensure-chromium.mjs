#!/usr/bin/env node
// Finds the Chromium the end-to-end tests drive: CHROME_PATH, else Debian's
// /usr/bin/chromium. When none is there and we are root, installs Debian's
// package (browser downloads do not work on these machines); otherwise stops
// with a message that says how to get one.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function chromiumPath() {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

function works(bin) {
  if (!existsSync(bin)) return false;
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return r.status === 0;
}

export function ensureChromium() {
  const bin = chromiumPath();
  if (works(bin)) return bin;
  if (process.env.CHROME_PATH) {
    throw new Error(`CHROME_PATH=${bin} is not a working Chromium.`);
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    throw new Error(
      'No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
        'or point CHROME_PATH at a Chromium or Chrome binary.',
    );
  }
  console.log('Installing Debian chromium for the end-to-end tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync(
    'apt-get',
    ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-liberation'],
    {
      stdio: 'inherit',
      env,
    },
  );
  if (!works(bin)) throw new Error('chromium was installed but does not start.');
  return bin;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
