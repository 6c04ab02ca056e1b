import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { pageTitle } from '../titles';
import { AppFrame } from './app-frame';
import { RouterNavigation } from './router-navigation';

/** The shared layout as a route of the app: the frame around the current page. */
export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <RouterNavigation>
      <title>{pageTitle(pathname)}</title>
      <AppFrame>
        <Outlet />
      </AppFrame>
      <ScrollRestoration />
    </RouterNavigation>
  );
}
