import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { PublicConfig } from '@shared/public-config';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth/auth-provider';
import type { Authenticator } from '@/lib/auth/authenticator';
import { createMockAuthenticator } from '@/lib/auth/mock-authenticator';
import { sessionStore, type AuthSession } from '@/lib/auth/session-store';
import { setPublicConfig } from '@/lib/public-config';
import { RequireAuth } from './require-auth';

const session: AuthSession = {
  user: { id: 'demo-user-7', email: 'a@example.com', user_metadata: { full_name: 'A' } },
  access_token: 'demo-token-7',
};

function ShowLocation() {
  const { pathname, search } = useLocation();
  return <p>at {pathname + search}</p>;
}

const config = (demoMode: boolean): PublicConfig => ({
  demoMode,
  allowSignup: false,
  ecosystemLinks: { home: '/', sortstak: '/', roleBuilder: '/', qrc: '/', talentspark: '/' },
  ssoDemo: null,
});

function renderAt(path: string, authenticator?: Authenticator, demoMode = true) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  setPublicConfig(config(demoMode));
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <ShowLocation /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/hirehub', element: <p>HireHub screen</p> },
          { path: '/account/security', element: <p>Security screen</p> },
        ],
      },
      {
        element: <RequireAuth checking="admin" />,
        children: [{ path: '/admin', element: <p>Admin screen</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider authenticator={authenticator}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const neverRestores: Authenticator = {
  ...createMockAuthenticator(),
  restore: () => new Promise(() => {}),
};

beforeEach(() => sessionStore.set(null));
afterEach(() => vi.unstubAllGlobals());

describe('RequireAuth', () => {
  it('sends a visitor without a user to /auth, remembering the way back', async () => {
    renderAt('/hirehub?tab=inventory');
    expect(await screen.findByText('at /auth?redirect=%2Fhirehub%3Ftab%3Dinventory')).toBeTruthy();
    expect(screen.queryByText('HireHub screen')).toBeNull();
  });

  it('shows the screen to a signed-in user', async () => {
    sessionStore.set(session);
    renderAt('/hirehub');
    expect(await screen.findByText('HireHub screen')).toBeTruthy();
  });

  it('shows the demo session loader while the session is restored', async () => {
    sessionStore.set(session);
    renderAt('/hirehub', neverRestores);
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Loading demo session...');
    expect(status.textContent).toContain('Mock authentication in progress');
    expect(screen.queryByText('HireHub screen')).toBeNull();
  });

  it('shows Loading... on the admin dashboard while it checks', async () => {
    sessionStore.set(session);
    renderAt('/admin', neverRestores);
    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
    expect(screen.queryByText('Admin screen')).toBeNull();
  });
});

describe('RequireAuth in production mode', () => {
  const serverSession: AuthSession = {
    user: { id: 'u-1', email: 'noah@sortstak.example', user_metadata: { full_name: 'Noah' } },
    access_token: 'server-access-token',
    refresh_token: 'server-refresh-token',
    expires_at: Math.floor(Date.now() / 1000) + 900,
  };
  /** GET /api/auth/me answers with these roles. */
  function serverRoles(roles: string[]) {
    const fetch = vi.fn(async () =>
      Response.json({
        user: { ...serverSession.user, roles },
        session_id: '00000000-0000-4000-8000-000000000000',
        must_change_password: false,
      }),
    );
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it('shows a clear 403 screen to a signed-in account without an administrator role', async () => {
    const fetch = serverRoles(['user']);
    sessionStore.set(serverSession);
    renderAt('/admin', createMockAuthenticator(), false);
    expect(await screen.findByText('403')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(screen.getByText(/Platform Admin or Super Admin role/)).toBeTruthy();
    expect(screen.queryByText('Admin screen')).toBeNull();
    expect(fetch).toHaveBeenCalledWith('/api/auth/me', expect.anything());
  });

  it('opens the console for platform_admin', async () => {
    serverRoles(['user', 'platform_admin']);
    sessionStore.set(serverSession);
    renderAt('/admin', createMockAuthenticator(), false);
    expect(await screen.findByText('Admin screen')).toBeTruthy();
  });

  it('asks for a new password first when the generated one must change', async () => {
    sessionStore.set({ ...serverSession, must_change_password: true });
    renderAt('/hirehub', createMockAuthenticator(), false);
    expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeTruthy();
    expect(screen.getByLabelText('New password')).toBeTruthy();
    expect(screen.queryByText('HireHub screen')).toBeNull();
  });

  it('sends an account that must set up a second factor to the two-step screen first', async () => {
    const fetch = serverRoles(['super_admin']);
    sessionStore.set({ ...serverSession, second_factor_enrolment_required: true });
    renderAt('/admin', createMockAuthenticator(), false);
    expect(await screen.findByText('Security screen')).toBeTruthy();
    expect(screen.queryByText('Admin screen')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('never asks a demo session for server roles', async () => {
    const fetch = serverRoles([]);
    sessionStore.set(session);
    renderAt('/admin');
    expect(await screen.findByText('Admin screen')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
