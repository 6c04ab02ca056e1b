/**
 * The one entry of every page (index.html). The pre-render marks the pages it
 * wrote (`<div id="root" data-prerendered="landing|app">`, scripts/build/prerender.mjs):
 * those already show their content from their HTML and inline styles, so the
 * code that takes them over is fetched only after that first paint, and never
 * competes with the page for the network before the reader sees it
 * (docs/product/quality.md#landing-budget). An empty root is the app shell:
 * the app renders at once.
 */
import './styles.css';

const container = document.getElementById('root')!;
const prerendered = container.dataset.prerendered;

function start() {
  if (prerendered === 'landing') {
    void import('./landing-root').then((root) => root.hydrateLanding(container));
  } else {
    void import('./app-root').then((root) => root.startApp(container, prerendered === 'app'));
  }
}

if (prerendered === undefined || document.visibilityState === 'hidden') {
  start();
} else {
  // The frame callback runs just before the first paint; the timeout, just after it.
  requestAnimationFrame(() => setTimeout(start, 0));
}
