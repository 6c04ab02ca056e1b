#!/usr/bin/env node
// Serves the production build on a fresh embedded database in a temporary
// folder, for the end-to-end tests. Builds first when the sources changed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceStamp, stampFile } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = sourceStamp(root);
const fresh =
  existsSync(path.join(root, 'dist/server/index.js')) &&
  existsSync(stampFile(root)) &&
  readFileSync(stampFile(root), 'utf8') === stamp;
if (!fresh) {
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stampFile(root), stamp);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'ted-e2e-'));
const child = spawn(process.execPath, [path.join(root, 'dist/server/index.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
