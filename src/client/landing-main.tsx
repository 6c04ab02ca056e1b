/**
 * The landing page's entry (landing.html). Its HTML is pre-rendered and its
 * styles are inline, so the page paints with nothing else; the code that makes
 * it interactive is fetched only after that first paint, so that it never
 * competes with the page for the network before the reader sees it (docs/product/quality.md#landing-budget).
 */
import './styles.css';

const hydrate = () => void import('./landing-hydrate');

if (document.visibilityState === 'hidden') {
  hydrate();
} else {
  // The frame callback runs just before the first paint; the timeout, just after it.
  requestAnimationFrame(() => setTimeout(hydrate, 0));
}
