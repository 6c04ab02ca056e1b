#!/usr/bin/env node
// `npm start`: build the client and server when the sources changed since the
// last build, then run the server (which applies migrations and seeds once).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceStamp, stampFile } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = sourceStamp(root);
const built =
  existsSync(path.join(root, 'dist/client/index.html')) &&
  existsSync(path.join(root, 'dist/server/index.js')) &&
  existsSync(stampFile(root)) &&
  readFileSync(stampFile(root), 'utf8') === stamp;

if (!built) {
  console.log('Building the app (first start or sources changed)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile(root), stamp);
}

await import(path.join(root, 'dist/server/index.js'));
