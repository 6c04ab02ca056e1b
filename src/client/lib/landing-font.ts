/**
 * The landing page paints in the local face shaped like Inter (`<html data-font="local">`,
 * styles.css) and asks for no web font before its first paint
 * (docs/decisions/016-nothing-before-the-first-paint.md). Once the page has loaded, Inter's Latin
 * file is fetched ('Inter Landing', fonts.css) and, when it is in, the page is set in it as every
 * other page is (docs/decisions/019-the-landing-page-ends-in-inter.md). The fallback has Inter's
 * metrics and widths, so the swap moves nothing. Offline, the page keeps its local face.
 */
export function adoptInterAfterLoad() {
  const html = document.documentElement;
  const adopt = () =>
    document.fonts.load('1em "Inter Landing"').then(
      (faces) => {
        if (faces.length > 0) html.dataset.font = 'inter';
      },
      () => {},
    );
  if (document.readyState === 'complete') void adopt();
  else addEventListener('load', () => void adopt(), { once: true });
}
