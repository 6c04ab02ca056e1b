#!/usr/bin/env node
// Last step of `npm run build`: renders the landing page and the app's public
// pages to HTML with the server build of src/client/prerender.tsx, into
// dist/client/pages/<path>.html (`/` → index.html). Each document carries its
// stylesheet inline (with the per-request nonce the server fills in), so the
// document alone is enough for the first paint; its entry (landing-main.tsx,
// page-main.tsx) fetches the code that takes it over only after that paint.
// The server sends these documents in demo mode to requests without a query.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const client = path.join(root, 'dist/client');
const renderer = path.join(root, 'dist/prerender/prerender.js');
const MOUNT = '<div id="root"></div>';

function fail(message) {
  console.error(`prerender: ${message}`);
  process.exit(1);
}

/**
 * The CSP admits no style attributes in a document (style-src has no
 * 'unsafe-inline'; styles React sets from script are allowed). Each one a
 * page was rendered with becomes a rule of its inline stylesheet, matched by a
 * data attribute React leaves alone; the doubled selector outranks the
 * utility classes as the attribute did, and React's later changes, set
 * inline from script, still outrank it.
 */
function liftStyleAttributes(body) {
  const rules = new Map();
  const html = body.replace(/ style="([^"]*)"/g, (_, declarations) => {
    if (!rules.has(declarations)) rules.set(declarations, rules.size + 1);
    return ` data-prerendered-style="${rules.get(declarations)}"`;
  });
  const css = [...rules]
    .map(([declarations, n]) => {
      const selector = `[data-prerendered-style="${n}"]`;
      return `${selector}${selector}{${declarations.replace(/&quot;/g, '"').replace(/&amp;/g, '&')}}`;
    })
    .join('');
  return { html, css };
}

/** The template with its one stylesheet inline and `body` in its mount point. */
function fill(template, rendered) {
  const { html: body, css: lifted } = liftStyleAttributes(rendered);
  let html = readFileSync(path.join(client, template), 'utf8');
  const stylesheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)];
  if (stylesheets.length !== 1)
    fail(`expected one stylesheet in ${template}, found ${stylesheets.length}`);
  if (!html.includes(MOUNT)) fail(`${MOUNT} not found in ${template}`);
  const [link, href] = stylesheets[0];
  // The page's own title (rendered where the page declares it) names the document from the first paint.
  const own = /<title>([^<]*)<\/title>/.exec(body)?.[1];
  if (own) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${own}</title>`);
  const css = readFileSync(path.join(client, href), 'utf8');
  return html
    .replace(link, () => `<style nonce="__CSP_NONCE__">${css}${lifted}</style>`)
    .replace(MOUNT, () => `<div id="root">${body}</div>`);
}

function write(pathname, html) {
  const file = path.join(client, 'pages', `${pathname === '/' ? '/index' : pathname}.html`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
  return html.length;
}

const { renderLandingPage, renderAppPage, APP_PAGES } = await import(pathToFileURL(renderer).href);
let bytes = write('/', fill('landing.html', renderLandingPage()));
for (const pathname of APP_PAGES)
  bytes += write(pathname, fill('page.html', await renderAppPage(pathname)));
// The templates are consumed: only the app shell stays at the top.
rmSync(path.join(client, 'landing.html'));
rmSync(path.join(client, 'page.html'));
rmSync(path.dirname(renderer), { recursive: true, force: true });
console.log(
  `prerender: ${APP_PAGES.length + 1} pages → dist/client/pages (${(bytes / 1024).toFixed(0)} KB of HTML with their styles)`,
);
