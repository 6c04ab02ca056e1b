import { Outlet, type RouteObject } from 'react-router';
import { SECURITY_PATH } from '@shared/routes';
import { RequireAuth } from '@/features/auth/require-auth';
import { ErrorFallback, RouteLoading } from './error-fallback';
import { AppLayout } from './layout/app-layout';
import { RouterNavigation } from './layout/router-navigation';
import { screenPages, type PageModule } from './pages';
import { screens } from './screens';

/** A lazily loaded page: its code is fetched only when the route is visited. */
function page(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorFallback />,
    HydrateFallback: RouteLoading,
    children: [
      // Pages without the shared layout (docs/product/public-site.md#layout).
      {
        // The sign-in portal moves on through the router here, by whole page loads on its own (auth-root.tsx).
        element: (
          <RouterNavigation>
            <Outlet />
          </RouterNavigation>
        ),
        children: [{ path: '/auth', ...page(() => import('@/features/auth/auth-page')) }],
      },
      {
        element: <AppLayout />,
        children: [
          // Public: the landing page, the checklist, the demo index and every /demo twin.
          { path: '/', ...page(() => import('@/features/landing/landing-page')) },
          { path: '/final-todo', ...page(() => import('@/features/todo/final-todo-page')) },
          { path: '/demo', ...page(() => import('@/features/demo/demo-page')) },
          ...screens.map((s) => ({ path: `/demo/${s.slug}`, ...page(screenPages[s.slug]) })),
          // Protected (docs/product/public-site.md#protected-routes): without a user these send the visitor to /auth and back.
          {
            element: <RequireAuth />,
            children: [
              {
                path: '/auth-redirect',
                ...page(() => import('@/features/sso/auth-redirect-page')),
              },
              { path: SECURITY_PATH, ...page(() => import('@/features/auth/security-page')) },
              ...screens
                .filter((s) => s.slug !== 'admin')
                .map((s) => ({ path: `/${s.slug}`, ...page(screenPages[s.slug]) })),
            ],
          },
          {
            // The admin dashboard shows its own "Loading..." while it checks.
            element: <RequireAuth checking="admin" />,
            children: screens
              .filter((s) => s.slug === 'admin')
              .map((s) => ({ path: `/${s.slug}`, ...page(screenPages[s.slug]) })),
          },
        ],
      },
      { path: '*', ...page(() => import('./not-found-page')) },
    ],
  },
];
