#!/usr/bin/env node
// Last step of `npm run build`: renders the landing page, the sign-in portal
// and the app's public pages to HTML with the server build of src/client/prerender.tsx, into
// dist/client/pages/<path>.html (`/` → index.html). Each is the one template,
// dist/client/index.html, with the page in its root and its stylesheet
// inline (with the per-request nonce the server fills in), so the document
// alone is enough for the first paint; boot.tsx fetches the code that takes it
// over only after that paint. The server sends these documents in demo mode to
// requests without a query. Then the app shell itself (index.html, an empty
// root) gets a modulepreload of the app's root, which boot.tsx loads at once.
//
// The documents are edited as parsed HTML (parse5) and the build's files are
// found in Vite's manifest: nothing here matches HTML with patterns.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defaultTreeAdapter as tree, html, parse, parseFragment, serialize } from 'parse5';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const client = path.join(root, 'dist/client');
const renderer = path.join(root, 'dist/prerender/prerender.js');
const manifestFile = path.join(client, '.vite/manifest.json');
const APP_ROOT = 'src/client/app-root.tsx';

function fail(message) {
  console.error(`prerender: ${message}`);
  process.exit(1);
}

const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** The manifest's chunk `key` and every chunk it imports statically. */
function staticClosure(key, into = new Map()) {
  const chunk = manifest[key];
  if (!chunk) fail(`${key} is not in the build's manifest`);
  if (into.has(key)) return into;
  into.set(key, chunk);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

const shell = staticClosure('index.html');
/** The stylesheets the template links, as their URLs. */
const stylesheets = new Set(
  [...shell.values()].flatMap((chunk) => chunk.css ?? []).map((f) => `/${f}`),
);
if (stylesheets.size !== 1)
  fail(`expected one stylesheet for index.html, found ${stylesheets.size}`);
const css = [...stylesheets].map((href) => readFileSync(path.join(client, href), 'utf8')).join('');
const template = readFileSync(path.join(client, 'index.html'), 'utf8');

const attribute = (node, name) => node.attrs?.find((a) => a.name === name)?.value;

function setAttribute(node, name, value) {
  const existing = node.attrs.find((a) => a.name === name);
  if (existing) existing.value = value;
  else node.attrs.push({ name, value });
}

/** Every element under `node`, in document order. */
function* elements(node) {
  for (const child of tree.getChildNodes(node) ?? []) {
    if (!tree.isElementNode(child)) continue;
    yield child;
    yield* elements(child.tagName === 'template' ? tree.getTemplateContent(child) : child);
  }
}

const find = (node, test) => {
  for (const element of elements(node)) if (test(element)) return element;
  return null;
};

/**
 * The CSP admits no style attributes in a document (style-src has no
 * 'unsafe-inline'; styles React sets from script are allowed). The app's own
 * components render none; the few that Radix's primitives render (a tab
 * list's outline, a hidden form input's placement) become rules of the
 * inline stylesheet, matched by a data attribute React leaves alone. The
 * doubled selector outranks the utility classes as the attribute did, and
 * React's later changes, set from script, still outrank it.
 */
function moveStyleAttributes(fragment) {
  const rules = new Map();
  for (const element of elements(fragment)) {
    const declarations = attribute(element, 'style');
    if (declarations === undefined) continue;
    if (!rules.has(declarations)) rules.set(declarations, rules.size + 1);
    element.attrs = element.attrs.filter((a) => a.name !== 'style');
    element.attrs.push({ name: 'data-prerendered-style', value: String(rules.get(declarations)) });
  }
  return [...rules]
    .map(([declarations, n]) => {
      const selector = `[data-prerendered-style="${n}"]`;
      return `${selector}${selector}{${declarations}}`;
    })
    .join('');
}

/**
 * The one script of a pre-rendered page, inline: it loads the entry (boot.tsx) and the chunks the
 * entry imports only once the browser reports the page's first contentful paint, so that no script
 * is fetched, let alone run, before the reader sees the page (a script that arrives first would
 * stand between the document and the paint in the page's critical path). A hidden page paints
 * nothing, so it loads at once, as does a browser that does not report paints (after a frame).
 * The CSP admits this script by its hash alone (`inline-scripts.json`, read by the server).
 */
function starterScript() {
  const entry = [...shell.values()].find((chunk) => chunk.isEntry);
  if (!entry) fail('index.html has no entry chunk');
  const files = [...shell.values()].map((chunk) => `/${chunk.file}`);
  // The entry last, its static imports first: they are fetched together, not one after the other.
  files.sort((a, b) => (a === `/${entry.file}`) - (b === `/${entry.file}`));
  return (
    `(()=>{const f=${JSON.stringify(files)};let s=0;const go=()=>{if(!s){s=1;for(const u of f)import(u)}};` +
    `if(document.visibilityState==='hidden')return go();` +
    `document.addEventListener('visibilitychange',go,{once:true});` +
    `if(PerformanceObserver.supportedEntryTypes?.includes('paint'))` +
    `new PerformanceObserver((l)=>{if(l.getEntriesByName('first-contentful-paint').length)setTimeout(go,0)})` +
    `.observe({type:'paint',buffered:true});` +
    `else requestAnimationFrame(()=>setTimeout(go,0))})()`
  );
}

const STARTER = starterScript();

const ICON = '/favicon.svg';
/** The icon as a data: URL (the CSP's img-src admits data:); the file stays for other pages. */
const ICON_DATA_URL = `data:image/svg+xml,${encodeURIComponent(
  readFileSync(path.join(client, ICON), 'utf8').trim(),
)}`;
/** What the server adds to the CSP's script-src for a pre-rendered page. */
const STARTER_HASH = `sha256-${createHash('sha256').update(STARTER).digest('base64')}`;

/** The template with `rendered` in its root, marked for boot.tsx as `kind`, and its stylesheet inline. */
function documentOf(rendered, kind) {
  const document = parse(template);
  const fragment = parseFragment(rendered);
  // React holds back a large Suspense boundary's content (hidden) for an inline script to reveal;
  // the CSP runs no inline script, so the page would never show it. Keep boundaries small, or out
  // of what is pre-rendered.
  if (find(fragment, (e) => e.tagName === 'script'))
    fail(`the ${kind} page rendered an inline script: a Suspense boundary too large to inline?`);
  const lifted = moveStyleAttributes(fragment);

  const links = [...elements(document)].filter(
    (e) => e.tagName === 'link' && attribute(e, 'rel') === 'stylesheet',
  );
  if (links.length !== 1 || !stylesheets.has(attribute(links[0], 'href')))
    fail(`index.html should link its one stylesheet, ${[...stylesheets][0]}`);
  const style = tree.createElement('style', html.NS.HTML, [
    { name: 'nonce', value: '__CSP_NONCE__' },
  ]);
  tree.insertText(style, css + lifted);
  tree.insertBefore(tree.getParentNode(links[0]), style, links[0]);
  tree.detachNode(links[0]);

  // The page's own title (rendered where the page declares it) names the document from the first paint.
  const own = find(fragment, (e) => e.tagName === 'title');
  const title = find(document, (e) => e.tagName === 'title');
  if (own && title) {
    title.childNodes = [];
    tree.insertText(title, tree.getTextNodeContent(own.childNodes[0] ?? { value: '' }) ?? '');
  }

  const mount = find(document, (e) => attribute(e, 'id') === 'root');
  if (!mount || tree.getChildNodes(mount).length > 0) fail('index.html has no empty #root');
  setAttribute(mount, 'data-prerendered', kind);
  for (const node of [...tree.getChildNodes(fragment)]) tree.appendChild(mount, node);

  // The entry's script and preloads give way to the starter, at the end of the body.
  const loaders = [...elements(document)].filter(
    (e) =>
      (e.tagName === 'script' && attribute(e, 'src')) ||
      (e.tagName === 'link' && attribute(e, 'rel') === 'modulepreload'),
  );
  if (!loaders.some((e) => e.tagName === 'script')) fail('index.html loads no entry script');
  for (const element of loaders) tree.detachNode(element);
  const starter = tree.createElement('script', html.NS.HTML, [{ name: 'id', value: 'starter' }]);
  tree.insertText(starter, STARTER);
  tree.appendChild(
    find(document, (e) => e.tagName === 'body'),
    starter,
  );
  // The first paint waits for the whole page to be parsed (the starter is its last element):
  // a paint of its first part (the sidebar) would let the starter load the code before the page
  // is on screen. Browsers without render-blocking links ignore it.
  const head = find(document, (e) => e.tagName === 'head');
  tree.appendChild(
    head,
    tree.createElement('link', html.NS.HTML, [
      { name: 'rel', value: 'expect' },
      { name: 'href', value: '#starter' },
      { name: 'blocking', value: 'render' },
    ]),
  );

  // The icon in the document itself: one request less before the page is complete.
  const icon = find(
    document,
    (e) => e.tagName === 'link' && attribute(e, 'rel') === 'icon' && attribute(e, 'href') === ICON,
  );
  if (!icon) fail(`index.html should link its icon, ${ICON}`);
  setAttribute(icon, 'href', ICON_DATA_URL);

  // The landing page asks for no web font before its first paint (src/client/styles.css,
  // html[data-font]); src/client/lib/landing-font.ts brings Inter once the page has loaded.
  if (kind === 'landing') {
    setAttribute(
      find(document, (e) => e.tagName === 'html'),
      'data-font',
      'local',
    );
  }
  return serialize(document);
}

/**
 * The app shell: a modulepreload of the app's root and its imports, which
 * boot.tsx loads at once on an empty root, so that they arrive with the entry
 * rather than after it. The pre-rendered pages load them only after their
 * first paint, and so are written without these.
 */
function shellWithAppPreloads() {
  const document = parse(template);
  const shellFiles = new Set([...shell.values()].map((chunk) => chunk.file));
  const head = find(document, (e) => e.tagName === 'head');
  const preloaded = new Set(
    [...elements(document)]
      .filter((e) => e.tagName === 'link' && attribute(e, 'rel') === 'modulepreload')
      .map((e) => attribute(e, 'href')),
  );
  for (const chunk of staticClosure(APP_ROOT).values()) {
    const href = `/${chunk.file}`;
    if (shellFiles.has(chunk.file) || preloaded.has(href)) continue;
    preloaded.add(href);
    const link = tree.createElement('link', html.NS.HTML, [
      { name: 'rel', value: 'modulepreload' },
      { name: 'crossorigin', value: '' },
      { name: 'href', value: href },
    ]);
    tree.appendChild(head, link);
  }
  return serialize(document);
}

function write(pathname, document) {
  const file = path.join(client, 'pages', `${pathname === '/' ? '/index' : pathname}.html`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, document);
  return document.length;
}

const { renderLandingPage, renderAuthPage, renderAppPage, APP_PAGES } = await import(
  pathToFileURL(renderer).href
);
let bytes = write('/', documentOf(await renderLandingPage(), 'landing'));
bytes += write('/auth', documentOf(await renderAuthPage(), 'auth'));
for (const pathname of APP_PAGES)
  bytes += write(pathname, documentOf(await renderAppPage(pathname), 'app'));
writeFileSync(path.join(client, 'index.html'), shellWithAppPreloads());
// The pre-rendered pages' one inline script, by its hash: the server allows it in their CSP.
writeFileSync(
  path.join(client, 'pages', 'inline-scripts.json'),
  `${JSON.stringify({ scriptHashes: [STARTER_HASH] }, null, 2)}\n`,
);
// The manifest served its purpose; it is not for the browser.
rmSync(path.dirname(manifestFile), { recursive: true, force: true });
rmSync(path.dirname(renderer), { recursive: true, force: true });
console.log(
  `prerender: ${APP_PAGES.length + 2} pages → dist/client/pages (${(bytes / 1024).toFixed(0)} KB of HTML with their styles)`,
);
