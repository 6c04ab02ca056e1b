import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { loadAppPalette } from '../command-palette/app-palette';
import { CommandPaletteProvider, PaletteButton } from '../command-palette/palette-launcher';
import { pageTitle } from '../titles';
import { AppFrame } from './app-frame';
import { RouterNavigation } from './router-navigation';
import { StepUpHost } from './step-up-host';

const searchButton = (variant: 'wide' | 'icon') => <PaletteButton variant={variant} />;

/** The shared layout as a route of the app: the frame around the current page, with its palette. */
export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <RouterNavigation>
      <title>{pageTitle(pathname)}</title>
      <CommandPaletteProvider load={loadAppPalette}>
        <AppFrame search={searchButton}>
          <Outlet />
        </AppFrame>
      </CommandPaletteProvider>
      <StepUpHost />
      <ScrollRestoration />
    </RouterNavigation>
  );
}
