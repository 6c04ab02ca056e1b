#!/usr/bin/env node
// Last step of `npm run build`: renders the landing page to HTML with the
// server build of src/client/prerender.tsx and writes it into
// dist/client/landing.html, which landing-main.tsx hydrates. The server sends
// that document for `/`, so the page paints before any script has run. Its
// stylesheet goes inline (with the per-request nonce the server fills in), so
// that the document alone is enough for the first paint.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const renderer = path.join(root, 'dist/prerender/prerender.js');
const document = path.join(root, 'dist/client/landing.html');
const MOUNT = '<div id="root"></div>';

const { renderLandingPage } = await import(pathToFileURL(renderer).href);
const html = readFileSync(document, 'utf8');
if (!html.includes(MOUNT)) {
  console.error(`prerender: ${MOUNT} not found in ${path.relative(root, document)}`);
  process.exit(1);
}
const body = renderLandingPage();
const stylesheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)];
if (stylesheets.length !== 1) {
  console.error(
    `prerender: expected one stylesheet in the landing page, found ${stylesheets.length}`,
  );
  process.exit(1);
}
const [link, href] = stylesheets[0];
const css = readFileSync(path.join(root, 'dist/client', href), 'utf8');
writeFileSync(
  document,
  html
    .replace(link, () => `<style nonce="__CSP_NONCE__">${css}</style>`)
    .replace(MOUNT, () => `<div id="root">${body}</div>`),
);
rmSync(path.dirname(renderer), { recursive: true, force: true });
console.log(
  `prerender: / → dist/client/landing.html (${(body.length / 1024).toFixed(1)} KB of HTML, ${(css.length / 1024).toFixed(1)} KB of CSS inline)`,
);
