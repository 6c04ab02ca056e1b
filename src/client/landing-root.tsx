import { LandingApp } from './app/landing-app';
import { startRoot } from './app/start-root';
import { adoptInterAfterLoad } from './lib/landing-font';

/**
 * The landing page (boot.tsx loads it once the pre-rendered page is on
 * screen): hydrated without the router, the query library or the console's
 * code (docs/product/quality.md#landing-budget). The page itself is the module
 * the router loads for `/` too.
 */
export async function hydrateLanding(container: HTMLElement) {
  const { default: LandingPage } = await import('./features/landing/landing-page');
  startRoot(
    container,
    <LandingApp>
      <LandingPage />
    </LandingApp>,
    true,
  );
  adoptInterAfterLoad();
}
