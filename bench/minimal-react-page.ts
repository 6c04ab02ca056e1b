import type { Server } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import react from '@vitejs/plugin-react';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { build } from 'vite';
import { precompress } from '../scripts/build/precompress.ts';

const SOURCE = path.resolve(import.meta.dirname, 'minimal-react');

/**
 * The floor of `npm run bench:web`: the smallest React page, built by the
 * same toolchain as the app (Vite, @vitejs/plugin-react, production mode,
 * precompressed; bench/minimal-react). Returns the folder it was built into.
 */
export async function buildMinimalPage(outDir: string): Promise<string> {
  await build({
    root: SOURCE,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react(), precompress()],
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

/** Serves a built folder as the app's server serves its assets: precompressed, else gzip. */
export async function serveStaticDir(dir: string): Promise<{ url: string; close: () => void }> {
  const app = new Hono();
  app.use('*', compress());
  app.use('*', serveStatic({ root: dir, precompressed: true }));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () => (server as Server).close(),
      });
    });
  });
}
