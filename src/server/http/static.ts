import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { compress } from 'hono/compress';
import { getCookie } from 'hono/cookie';
import type { PublicConfig } from '@shared/public-config';
import { isClientRoute } from '@shared/routes';
import { parseTheme, THEME_COOKIE, type Theme } from '@shared/theme';
import type { AppEnv } from '../core/context';
import { newNonce } from '../security/headers';

const NONCE_PLACEHOLDER = /__CSP_NONCE__/g;

/**
 * The document pre-rendered at build time for a request (scripts/build/prerender.mjs
 * writes `pages/<path>.html`, `/` as `pages/index.html`), if any. They show the
 * demo signed out, as the page is before the query string or the visitor's own
 * state is read, so they are sent only in demo mode and, but for the landing
 * page (which reads its ?setup= after hydrating) and the sign-in portal (its
 * ?redirect= and sign-on request), only to requests without a query.
 */
const READS_QUERY_AFTER_HYDRATING: ReadonlySet<string> = new Set(['/', '/auth']);

function preRenderedFile(root: string, pathname: string, search: string): string | null {
  if (search !== '' && !READS_QUERY_AFTER_HYDRATING.has(pathname)) return null;
  if (!/^\/[a-z0-9/-]*$/.test(pathname) || pathname.includes('//')) return null;
  const file = path.join(
    root,
    'pages',
    `${pathname === '/' ? '/index' : pathname.replace(/\/$/, '')}.html`,
  );
  return file.startsWith(path.join(root, 'pages') + path.sep) && isFile(file) ? file : null;
}

/**
 * The public configuration as a JSON data block: the page knows it without
 * asking (lib/public-config.ts). Not a script the browser runs, so the CSP
 * does not apply; `<` is escaped so that no value can close the element.
 */
export function publicConfigElement(config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script id="public-config" type="application/json">${json}</script>`;
}

/**
 * The document with the visitor's chosen theme on its `<html>` (docs/product/public-site.md#dark-mode):
 * the stylesheet paints it in that theme before any script runs. Without a choice the
 * document is unchanged and the system's preference applies.
 */
export function withTheme(html: string, theme: Theme | null): string {
  return theme ? html.replace(/<html\b/i, `<html data-theme="${theme}"`) : html;
}

/**
 * Serves the built client: hashed assets with a year of caching, other files
 * as they are, and the HTML document (with a fresh style nonce) for every
 * client route. Unknown paths get the document with status 404 so that the
 * app shows its not-found page and crawlers see the truth.
 */
export function mountClient(
  app: Hono<AppEnv>,
  clientDir: string,
  options: {
    formActionOrigins?: () => Promise<string[]>;
    publicConfig?: () => Promise<PublicConfig>;
    /** Send the pre-rendered pages (demo mode: they show the demo). */
    preRendered?: boolean;
  } = {},
): void {
  const root = path.resolve(clientDir);
  const indexFile = path.join(root, 'index.html');
  const documents = new Map<string, string>();
  const readDocument = (file: string) => {
    let html = documents.get(file);
    if (html === undefined) {
      html = readFileSync(file, 'utf8');
      documents.set(file, html);
    }
    return html;
  };

  // The hashes of the pre-rendered pages' inline starter (scripts/build/prerender.mjs), for their CSP.
  let scriptHashes: string[] | undefined;
  const preRenderedScriptHashes = () => {
    if (scriptHashes === undefined) {
      const file = path.join(root, 'pages', 'inline-scripts.json');
      scriptHashes = isFile(file)
        ? (JSON.parse(readFileSync(file, 'utf8')) as { scriptHashes: string[] }).scriptHashes
        : [];
    }
    return scriptHashes;
  };

  // Build-time .br/.gz copies (scripts/build/precompress.ts), chosen by Accept-Encoding.
  const assets = serveStatic({ root, precompressed: true });
  app.use('/assets/*', async (c, next) => {
    const res = await assets(c, next);
    if (res instanceof Response) c.res = res;
    // Asset names carry a content hash, so a cached copy is never stale (nor needs a date).
    if (c.res.status === 200 || c.res.status === 206) {
      c.set('subresource', true);
      c.res.headers.set('Cache-Control', 'max-age=31536000, immutable');
      // A module script is UTF-8 whatever the header says: the charset would be bytes for nothing.
      if (c.res.headers.get('Content-Type')?.startsWith('text/javascript')) {
        c.res.headers.set('Content-Type', 'text/javascript');
      }
      c.res.headers.delete('Last-Modified');
      // A file of the build is the same for every request: no log line to find by its id.
      c.res.headers.delete('X-Request-Id');
    }
  });
  // Documents are compressed per request (each carries a fresh nonce). API answers are not:
  // compressing secrets beside reflected input would open them to BREACH-style guessing.
  const compressDocument = compress();
  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    if (c.req.path.startsWith('/api/')) return next();
    return compressDocument(c, next);
  });
  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const pathname = decodeURIComponentSafe(new URL(c.req.url).pathname);
    if (pathname === null || pathname.startsWith('/api/')) return next();
    // A file of the build (favicon, robots.txt, fonts) other than HTML documents.
    const file = path.join(root, pathname);
    if (file.startsWith(root + path.sep) && !file.endsWith('.html') && isFile(file)) {
      return serveStatic({ root, precompressed: true })(c, next);
    }
    if (!existsSync(indexFile)) {
      return c.text(
        'The client is not built. Run `npm run build` (npm start does it for you).',
        503,
      );
    }
    // A page pre-rendered at build time, else the app shell.
    const search = new URL(c.req.url).search;
    const document = (options.preRendered && preRenderedFile(root, pathname, search)) || indexFile;
    const nonce = newNonce();
    c.set('cspNonce', nonce);
    if (document !== indexFile) c.set('scriptHashes', preRenderedScriptHashes());
    // The sign-on step posts a form to a registered application from this page.
    if (options.formActionOrigins) c.set('formActionOrigins', await options.formActionOrigins());
    c.header('Cache-Control', 'no-cache');
    // The document depends on the theme cookie: no cache may answer one visitor with another's.
    c.header('Vary', 'Cookie', { append: true });
    const status = isClientRoute(pathname) ? 200 : 404;
    const theme = parseTheme(getCookie(c, THEME_COOKIE));
    let html = withTheme(readDocument(document), theme).replace(NONCE_PLACEHOLDER, nonce);
    if (options.publicConfig) {
      html = html.replace('</head>', `${publicConfigElement(await options.publicConfig())}</head>`);
    }
    return c.html(html, status);
  });
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function decodeURIComponentSafe(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * The app's built stylesheet (`/assets/styles-<hash>.css`), read once from the
 * built document; null while the client is not built.
 */
export function builtStylesheet(clientDir: string): () => string | null {
  let href: string | null | undefined;
  return () => {
    if (href !== undefined) return href;
    const indexFile = path.join(path.resolve(clientDir), 'index.html');
    if (!existsSync(indexFile)) return null;
    const match = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/.exec(
      readFileSync(indexFile, 'utf8'),
    );
    href = match?.[1] ?? null;
    return href;
  };
}
