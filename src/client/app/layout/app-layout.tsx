import { Outlet, ScrollRestoration } from 'react-router';
import { AppFrame } from './app-frame';
import { RouterNavigation } from './router-navigation';

/** The shared layout as a route of the app: the frame around the current page. */
export function AppLayout() {
  return (
    <RouterNavigation>
      <AppFrame>
        <Outlet />
      </AppFrame>
      <ScrollRestoration />
    </RouterNavigation>
  );
}
