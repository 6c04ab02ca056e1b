import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { LandingApp } from './app/landing-app';

/** Build time (scripts/prerender.ts): the landing page's HTML, which landing-main.tsx hydrates. */
export function renderLandingPage(): string {
  return renderToString(
    <StrictMode>
      <LandingApp />
    </StrictMode>,
  );
}
