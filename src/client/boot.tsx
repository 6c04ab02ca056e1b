/**
 * The one entry of every page (index.html). The pre-render marks the pages it
 * wrote (`<div id="root" data-prerendered="landing|auth|app">`, scripts/build/prerender.mjs):
 * those already show their content from their HTML and inline styles, so the
 * code that takes them over is fetched only after that first paint, and never
 * competes with the page for the network before the reader sees it
 * (docs/product/quality.md#landing-budget): their inline starter loads this
 * module once the page has painted. An empty root is the app shell:
 * the app renders at once, or the sign-in portal on `/auth` (a visit with a query
 * string, or in production mode, gets the shell), `/auth/invite` and `/auth/verify`.
 */
import './styles.css';

const container = document.getElementById('root')!;
const prerendered = container.dataset.prerendered;

// Two functions, each with its own import(): the build preloads each root's own chunks with it.
async function hydrateLanding() {
  const root = await import('./landing-root');
  await root.hydrateLanding(container);
}

async function startAuth() {
  const root = await import('./auth-root');
  await root.startAuth(container, prerendered === 'auth');
}

async function startApp() {
  const root = await import('./app-root');
  await root.startApp(container, prerendered === 'app');
}

// The sign-in portal's app also serves an invitation's and a sign-up's link (never pre-rendered:
// each is per person).
const AUTH_PATHS = ['/auth', '/auth/invite', '/auth/verify'];
const kind = prerendered ?? (AUTH_PATHS.includes(window.location.pathname) ? 'auth' : 'app');
const start = kind === 'landing' ? hydrateLanding : kind === 'auth' ? startAuth : startApp;

/** Whether the page has painted already (its starter loads this module after the first paint). */
const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;

if (prerendered === undefined || document.visibilityState === 'hidden' || painted()) {
  void start();
} else {
  // The frame callback runs just before the first paint; the timeout, just after it.
  requestAnimationFrame(() => setTimeout(start, 0));
}
