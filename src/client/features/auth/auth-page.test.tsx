import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { PublicConfig } from '@shared/public-config';
import { SIGN_UP_ACCEPTED } from '@shared/schemas/auth';
import type { ReactNode } from 'react';
import { createMemoryRouter, Link, RouterProvider, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { AuthFailure, type Authenticator } from '@/lib/auth/authenticator';
import { createDemoMfa } from '@/lib/auth/demo-mfa';
import { createMockAuthenticator } from '@/lib/auth/mock-authenticator';
import { sessionStore } from '@/lib/auth/session-store';
import { NavigationProvider, type AppLinkProps } from '@/lib/navigation';
import { setPublicConfig } from '@/lib/public-config';
import { AUTH_MESSAGES } from './auth-messages';
import AuthPage from './auth-page';
import { DEMO_STEP_NOTE } from './second-factor-step';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const broken: Authenticator = {
  signIn: () => Promise.reject(new Error('storage exploded')),
  signUp: () => Promise.reject(new Error('storage exploded')),
  signOut: async () => {},
};

const demoConfig: PublicConfig = {
  demoMode: true,
  allowSignup: false,
  ecosystemLinks: { home: '/', sortstak: '/', roleBuilder: '/', qrc: '/', talentspark: '/' },
  ssoDemo: null,
};

function RouterLink(props: AppLinkProps) {
  return <Link {...props} />;
}

/** The router's navigation, as the app's router gives it to the page. */
function RouterNavigation({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <NavigationProvider
      value={{
        location,
        Link: RouterLink,
        navigate: (to, options) => void navigate(to, { replace: options?.replace }),
      }}
    >
      {children}
    </NavigationProvider>
  );
}

function renderAuth(
  authenticator: Authenticator,
  path = '/auth',
  config: Partial<PublicConfig> = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  setPublicConfig({ ...demoConfig, ...config });
  const router = createMemoryRouter(
    [
      {
        path: '/auth',
        element: (
          <RouterNavigation>
            <AuthPage />
          </RouterNavigation>
        ),
      },
      { path: '*', element: <p>landed</p> },
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
  return router;
}

beforeEach(() => {
  sessionStore.set(null);
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => vi.useRealTimers());

describe('the demo error texts (docs/product/sign-in.md#mock-texts)', () => {
  it('Quick Demo Login failing says Demo login error occurred', async () => {
    renderAuth(broken);
    fireEvent.click(await screen.findByRole('button', { name: 'Quick Demo Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Demo login error occurred');
    expect(toast.error).toHaveBeenCalledWith('Mock authentication error', {
      description: 'Demo authentication simulation failed',
    });
  });

  it('sign-in failing says Demo signin error occurred', async () => {
    renderAuth(broken);
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'a@b.c' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Demo signin error occurred');
    expect(toast.error).toHaveBeenCalledWith('Mock authentication error', {
      description: 'Demo authentication simulation failed',
    });
    expect(sessionStore.get()).toBeNull();
  });

  it('sign-up failing says Demo signup error occurred', async () => {
    renderAuth(broken);
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Demo Sign Up' }));
    fireEvent.change(await screen.findByLabelText('Full name'), { target: { value: 'N' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.c' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Demo Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Demo signup error occurred');
  });
});

describe('a successful sign-in', () => {
  it('disables the buttons for the 1000 ms wait, toasts, then goes on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const router = renderAuth(createMockAuthenticator(), '/auth?redirect=%2Fhirehub');
    fireEvent.click(await screen.findByRole('button', { name: 'Quick Demo Login' }));
    const progress = await screen.findByRole('button', { name: 'Signing in...' });
    expect((progress as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(toast.success).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText('landed')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/hirehub');
    expect(toast.success).toHaveBeenCalledWith('Demo login successful! (Mock authentication)', {
      description: 'This is a demonstration - no real authentication occurred',
    });
  });

  it('continues to the sign-on step when an application asked for it', async () => {
    sessionStore.set({
      user: { id: 'demo-user-1', email: 'a@b.c', user_metadata: { full_name: 'A' } },
      access_token: 'demo-token-1',
    });
    const router = renderAuth(
      createMockAuthenticator(),
      '/auth?app_id=app-1&redirect_url=https%3A%2F%2Fapp.example%2Fcb&app_name=SortStak',
    );
    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/auth-redirect');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      app_id: 'app-1',
      redirect_url: 'https://app.example/cb',
      app_name: 'SortStak',
    });
  });
});

describe('production mode (demo mode off)', () => {
  const refusing: Authenticator = {
    signIn: () => Promise.reject(new AuthFailure('Invalid email or password')),
    signUp: () => Promise.reject(new AuthFailure('unused')),
    signOut: async () => {},
  };

  it('shows email and password only: no demo texts, no quick login, no sign-up', async () => {
    renderAuth(refusing, '/auth', { demoMode: false });
    expect(await screen.findByRole('heading', { name: 'Admin Portal' })).toBeTruthy();
    // The production forms load on first use.
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Quick Demo Login' })).toBeNull();
    expect(screen.queryByText(/Demo mode:/)).toBeNull();
    expect(screen.queryByText(/mock/i)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create an account' })).toBeNull();
  });

  it("shows the server's refusal beside the form", async () => {
    renderAuth(refusing, '/auth', { demoMode: false });
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'a@b.example' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });

  it('offers sign-up when the server allows it', async () => {
    renderAuth(refusing, '/auth', { demoMode: false, allowSignup: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
    expect(screen.getByLabelText('Full name')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
  });

  it('ends a sign-up on "Check your mailbox", not signed in', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ message: SIGN_UP_ACCEPTED }), {
        status: 202,
        headers: { 'content-type': 'application/json' },
      });
    });
    try {
      renderAuth(refusing, '/auth', { demoMode: false, allowSignup: true });
      fireEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
      fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ada' } });
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
      fireEvent.change(screen.getByLabelText('Password'), {
        target: { value: 'a long passphrase' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
      expect(await screen.findByRole('heading', { name: 'Check your mailbox' })).toBeTruthy();
      expect(screen.getByRole('status').textContent).toContain('ada@example.com');
      expect(screen.getByRole('status').textContent).toContain(SIGN_UP_ACCEPTED);
      expect(sent).toEqual([
        { full_name: 'Ada', email: 'ada@example.com', password: 'a long passphrase' },
      ]);
      expect(sessionStore.get()).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
      expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the second step: an authenticator code (docs/product/sign-in.md#second-step)', () => {
  const signedIn = {
    user: { id: 'u1', email: 'ada@example.com', user_metadata: { full_name: 'Ada' } },
    access_token: 'access',
    refresh_token: 'refresh',
  };
  /** An account with an app: the password opens no session; a code does, or is refused. */
  function withApp(answer: (code: string) => AuthFailure | null) {
    const sent: { pendingToken: string; code: string }[] = [];
    const auth: Authenticator = {
      signIn: async () => ({ kind: 'second_factor', pendingToken: 'pending-1', expiresIn: 300 }),
      signUp: () => Promise.reject(new AuthFailure('unused')),
      signOut: async () => {},
      completeSecondFactor: async (pendingToken, code) => {
        sent.push({ pendingToken, code });
        const refusal = answer(code.replace(/\s/g, ''));
        if (refusal) throw refusal;
        return signedIn;
      },
    };
    return { auth, sent };
  }

  async function passPassword() {
    fireEvent.change(await screen.findByLabelText('Email'), {
      target: { value: ' ada@example.com ' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    return screen.findByRole('heading', { name: 'Enter your authenticator code' });
  }

  const wrong = () =>
    new AuthFailure('That code is not valid. Try the current one.', { reason: 'invalid_code' });

  it('asks for the code in one focused numeric field, refuses a wrong one, then signs in', async () => {
    const { auth, sent } = withApp((code) => (code === '123456' ? null : wrong()));
    const router = renderAuth(auth, '/auth', { demoMode: false });
    await passPassword();
    expect(sessionStore.get()).toBeNull();
    const field = screen.getByLabelText('Authenticator code');
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();

    fireEvent.change(field, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('That code is not valid. Try the current one.');
    expect(field.getAttribute('aria-describedby')).toContain(alert.id);
    expect(sessionStore.get()).toBeNull();

    fireEvent.change(field, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('landed')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
    expect(sessionStore.get()?.access_token).toBe('access');
    expect(sent).toEqual([
      { pendingToken: 'pending-1', code: '654321' },
      { pendingToken: 'pending-1', code: '123 456' },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Signed in');
  });

  it('says what a code needs before sending one', async () => {
    const { auth, sent } = withApp(() => null);
    renderAuth(auth, '/auth', { demoMode: false });
    await passPassword();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Enter the code from your authenticator app',
    );
    fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('Enter the 6 digits your app shows');
    expect(sent).toEqual([]);
  });

  it('takes a recovery code instead, in a field of its own', async () => {
    const { auth, sent } = withApp((code) => (code === 'abcd-efgh-jkmn' ? null : wrong()));
    renderAuth(auth, '/auth', { demoMode: false });
    await passPassword();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.getByRole('heading', { name: 'Enter a recovery code' })).toBeTruthy();
    const field = screen.getByLabelText('Recovery code');
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('inputmode')).toBeNull();
    fireEvent.change(field, { target: { value: 'abcd-efgh-xxxx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That recovery code is not valid or was used already. Check it, or use your authenticator app.',
    );
    fireEvent.change(field, { target: { value: 'abcd-efgh-jkmn' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('landed')).toBeTruthy();
    expect(sent.map((s) => s.code)).toEqual(['abcd-efgh-xxxx', 'abcd-efgh-jkmn']);
  });

  it('says when to try again once the limit is reached', async () => {
    const { auth } = withApp(
      () =>
        new AuthFailure('Too many sign-in attempts. Try again in 15 minutes.', {
          reason: 'limited',
        }),
    );
    renderAuth(auth, '/auth', { demoMode: false });
    await passPassword();
    fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many sign-in attempts. Try again in 15 minutes.',
    );
  });

  it('sends an expired sign-in back to the start, with the focus on Start again', async () => {
    const { auth } = withApp(
      () =>
        new AuthFailure('Your sign-in has expired. Please sign in again.', { reason: 'expired' }),
    );
    renderAuth(auth, '/auth', { demoMode: false });
    await passPassword();
    fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'This sign-in has expired' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'Your sign-in has expired. Please sign in again.',
    );
    const again = screen.getByRole('button', { name: 'Start again' });
    expect(document.activeElement).toBe(again);
    fireEvent.click(again);
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeTruthy();
  });

  it('goes back to email and password', async () => {
    const { auth } = withApp(() => null);
    renderAuth(auth, '/auth', { demoMode: false });
    await passPassword();
    fireEvent.click(screen.getByRole('button', { name: 'Back to email and password' }));
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });
});

describe('the demo second step (docs/product/sign-in.md#demo-second-step)', () => {
  it('asks Quick Demo Login for a code while the simulated app is on, labelled as the demo', async () => {
    const app = createDemoMfa();
    await app.startTotp();
    await app.confirmTotp('123456');
    renderAuth(createMockAuthenticator({ delayMs: 0, secondFactor: app }));
    fireEvent.click(await screen.findByRole('button', { name: 'Quick Demo Login' }));
    expect(
      await screen.findByRole('heading', { name: 'Enter your authenticator code' }),
    ).toBeTruthy();
    expect(screen.getByText(DEMO_STEP_NOTE).getAttribute('role')).toBe('note');
    expect(toast.success).not.toHaveBeenCalled();
    const field = screen.getByLabelText('Authenticator code');
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: '424242' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('landed')).toBeTruthy();
    expect(sessionStore.get()?.access_token).toMatch(/^demo-token-/);
    expect(toast.success).toHaveBeenCalledWith(AUTH_MESSAGES.signInSuccess, {
      description: AUTH_MESSAGES.signInSuccessDetail,
    });
  });

  it('signs in at once while it is off', async () => {
    renderAuth(createMockAuthenticator({ delayMs: 0, secondFactor: createDemoMfa() }));
    fireEvent.click(await screen.findByRole('button', { name: 'Quick Demo Login' }));
    expect(await screen.findByText('landed')).toBeTruthy();
  });
});
