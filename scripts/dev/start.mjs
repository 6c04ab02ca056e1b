#!/usr/bin/env node
// `npm start`: build the client and server when the sources changed since the
// last build, then run the server (which applies migrations and seeds once).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '../build/build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
if (!ensureBuilt(root, (m) => console.log(m))) process.exit(1);

await import(path.join(root, 'dist/server/index.js'));
