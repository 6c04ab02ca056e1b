import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthProvider } from '@/lib/auth/auth-provider';
import type { Authenticator } from '@/lib/auth/authenticator';
import { createMockAuthenticator } from '@/lib/auth/mock-authenticator';
import { sessionStore, type AuthSession } from '@/lib/auth/session-store';
import { RequireAuth } from './require-auth';

const session: AuthSession = {
  user: { id: 'demo-user-7', email: 'a@example.com', user_metadata: { full_name: 'A' } },
  access_token: 'demo-token-7',
};

function ShowLocation() {
  const { pathname, search } = useLocation();
  return <p>at {pathname + search}</p>;
}

function renderAt(path: string, authenticator?: Authenticator) {
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <ShowLocation /> },
      {
        element: <RequireAuth />,
        children: [{ path: '/hirehub', element: <p>HireHub screen</p> }],
      },
      {
        element: <RequireAuth checking="admin" />,
        children: [{ path: '/admin', element: <p>Admin screen</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AuthProvider authenticator={authenticator}>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
}

const neverRestores: Authenticator = {
  ...createMockAuthenticator(),
  restore: () => new Promise(() => {}),
};

beforeEach(() => sessionStore.set(null));

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
