import { lazy, Suspense } from 'react';
import { useNavigation } from '@/lib/navigation';
import { ClosingSection, LandingFooter } from './closing-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { HighlightsSection } from './highlights-section';
import { LandingTopBar } from './landing-top-bar';
import { PlatformsSection } from './platforms-section';

// Loaded only with ?setup=true, so the landing page does not carry the setup code.
const SetupPanel = lazy(() => import('./setup/setup-panel'));

/** docs/product/public-site.md#landing: the landing page, the shop window of the ecosystem. */
export default function LandingPage() {
  const params = new URLSearchParams(useNavigation().location.search);
  return (
    <div>
      <LandingTopBar />
      <HeroSection />
      <PlatformsSection />
      <HighlightsSection />
      <FeaturesSection />
      <ClosingSection />
      {params.get('setup') === 'true' ? (
        <Suspense fallback={null}>
          <SetupPanel />
        </Suspense>
      ) : null}
      <LandingFooter />
    </div>
  );
}
