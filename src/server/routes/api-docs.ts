import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { errorBody } from '../core/errors';
import { newNonce } from '../security/headers';

/** The built page (api-docs.html, a Vite entry of its own) in the client build. */
const API_DOCS_DOCUMENT = 'api-docs.html';

/**
 * `/api/docs`: the API reference for people, Swagger UI rendering
 * `/api/openapi.json`. Its script and stylesheet are hashed files of the
 * client build under /assets (no CDN), started by a module of ours, not an
 * inline script. The page gets the app's own Content-Security-Policy, with no
 * exception: Swagger UI adds no <style> element and sets element styles
 * through the DOM (style properties), which style-src does not govern, so
 * neither 'unsafe-inline' nor a policy of its own is needed; the nonce is the
 * one every HTML document carries.
 */
export function apiDocsRoutes(clientDir: string | undefined) {
  const routes = new Hono<AppEnv>();
  let document: string | undefined;
  routes.get('/api/docs', (c) => {
    const file = clientDir ? path.join(path.resolve(clientDir), API_DOCS_DOCUMENT) : undefined;
    if (!file || (document === undefined && !existsSync(file))) {
      return c.json(
        errorBody(
          'unavailable',
          'The API reference is part of the client build: run `npm run build`',
        ),
        503,
      );
    }
    document ??= readFileSync(file, 'utf8');
    const nonce = newNonce();
    c.set('cspNonce', nonce);
    c.header('Cache-Control', 'no-cache');
    return c.html(document.replace(/__CSP_NONCE__/g, nonce));
  });
  routes.get('/api/docs/', (c) => c.redirect('/api/docs', 301));
  return routes;
}
