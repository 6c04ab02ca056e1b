/**
 * The entry of the app's pre-rendered public pages (page.html): the demo
 * index, the public dashboards, the checklist and the sign-in portal. As on
 * the landing page (landing-main.tsx), the HTML and inline styles paint the
 * page; the app is fetched after that first paint and takes the page over.
 */
import './styles.css';

const hydrate = () => void import('./page-hydrate');

if (document.visibilityState === 'hidden') {
  hydrate();
} else {
  // The frame callback runs just before the first paint; the timeout, just after it.
  requestAnimationFrame(() => setTimeout(hydrate, 0));
}
