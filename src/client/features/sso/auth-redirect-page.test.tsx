import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SsoApplication, SsoInitiateResponse } from '@shared/schemas/sso';
import AuthRedirectPage from './auth-redirect-page';
import { postForm } from './post-form';

const APP: SsoApplication = {
  id: '3f2a2b8e-4f0e-4a57-9a52-1b7f1f0f2a11',
  app_name: 'HireHub',
  app_url: 'https://hirehub.example',
  is_active: true,
};
const GRANT: SsoInitiateResponse = {
  code: 'single-use-code',
  redirect_url: 'https://hirehub.example/sso/callback',
  app_name: 'HireHub',
  expires_at: '2026-06-01T12:01:00.000Z',
};

// The application is known and the sign-on already granted: what is left is the wait.
vi.mock('./api', () => ({
  signOnApplicationQuery: (appId: string) => ({
    queryKey: ['sso', 'application', appId],
    queryFn: () => Promise.resolve({ application: APP }),
    staleTime: Infinity,
  }),
  useInitiateSignOn: () => ({
    isSuccess: true,
    isError: false,
    isPending: false,
    error: null,
    data: GRANT,
    mutate: vi.fn(),
  }),
}));
vi.mock('./post-form', () => ({ postForm: vi.fn() }));

function renderPage(app: SsoApplication = APP) {
  const client = new QueryClient();
  client.setQueryData(['sso', 'application', 'hirehub'], { application: app });
  const query = `app_id=hirehub&redirect_url=${encodeURIComponent(GRANT.redirect_url)}`;
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/auth-redirect?${query}`]}>
        <AuthRedirectPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the sign-on step on /auth-redirect', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(postForm).mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // docs/product/sign-on.md#sso-step: the hidden form is posted 2,000 ms after the grant, no sooner, no later.
  it('posts the code to the application 2,000 ms after the grant, not before', () => {
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'Redirecting to HireHub' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1_999);
    });
    expect(postForm).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(postForm).toHaveBeenCalledTimes(1);
    expect(postForm).toHaveBeenCalledWith(GRANT.redirect_url, { code: GRANT.code });
  });

  // docs/product/sign-on.md#oidc: production mode, no login start, the old code retired.
  it('says on arrival why an application cannot be signed in to, with nothing to press', () => {
    const reason = 'This application has no sign-in start registered.';
    renderPage({ ...APP, sign_on_unavailable: reason });
    expect(screen.getByText(reason)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
