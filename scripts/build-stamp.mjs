import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/** Inputs of `npm run build`; the stamp changes whenever one of them does. */
const INPUTS = [
  'src',
  'public',
  'index.html',
  'api-docs.html',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build/prerender.mjs',
  'scripts/vite',
  // How the build is run (its environment) is an input too.
  'scripts/build-stamp.mjs',
];

function* files(entry) {
  if (!existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    for (const name of readdirSync(entry).sort()) {
      if (name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.test.tsx'))
        continue;
      yield* files(path.join(entry, name));
    }
  } else {
    yield entry;
  }
}

export function sourceStamp(root) {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(path.join(root, input))) {
      hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

export const stampFile = (root) => path.join(root, 'dist', '.build-stamp');

/** True when dist/ was built from the sources as they are now. */
export function buildIsFresh(root) {
  return (
    existsSync(path.join(root, 'dist/client/index.html')) &&
    existsSync(path.join(root, 'dist/server/index.js')) &&
    existsSync(stampFile(root)) &&
    readFileSync(stampFile(root), 'utf8') === sourceStamp(root)
  );
}

/** True when the process that took the lock is gone, or the lock is older than any build. */
function lockIsStale(lock, owner) {
  try {
    if (Date.now() - statSync(lock).mtimeMs > 15 * 60_000) return true;
    const pid = Number(readFileSync(owner, 'utf8'));
    if (!pid) return Date.now() - statSync(lock).mtimeMs > 10_000;
    process.kill(pid, 0);
    return false;
  } catch (err) {
    // ESRCH: no such process. ENOENT: the lock went away meanwhile (or has no owner yet).
    return err.code === 'ESRCH';
  }
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Builds the client and server (`npm run build`) unless dist/ was built from
 * the current sources. Callers that start at the same moment (test files
 * running in parallel) take turns through a lock folder, so one builds and the
 * others find the result. Returns false when the build failed.
 */
export function ensureBuilt(root, announce = () => {}, env = process.env) {
  if (buildIsFresh(root)) return true;
  const lock = path.join(root, '.build-lock');
  const owner = path.join(lock, 'pid');
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(owner, String(process.pid));
      break;
    } catch {
      // A lock whose builder was killed (a test run stopped mid-build) does not block for ever.
      if (lockIsStale(lock, owner)) rmSync(lock, { recursive: true, force: true });
      else sleep(500);
    }
  }
  try {
    if (buildIsFresh(root)) return true;
    announce('Building the app (first start or sources changed)…');
    const stamp = sourceStamp(root);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['run', 'build', '--silent'], {
      cwd: root,
      stdio: 'inherit',
      // Vite keeps a NODE_ENV it finds (Vitest sets `test`), and React would then ship its
      // development build: slower, and effects run twice under StrictMode.
      env: { ...env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) return false;
    writeFileSync(stampFile(root), stamp);
    return true;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
