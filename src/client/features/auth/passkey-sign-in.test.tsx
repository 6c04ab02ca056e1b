import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type * as Ceremony from './passkey-ceremony';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { PublicConfig } from '@shared/public-config';
import type { AuthenticationResponse } from '@shared/schemas/passkeys';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { AuthFailure, type Authenticator } from '@/lib/auth/authenticator';
import { createDemoMfa } from '@/lib/auth/demo-mfa';
import { createMockAuthenticator } from '@/lib/auth/mock-authenticator';
import { sessionStore } from '@/lib/auth/session-store';
import { documentNavigation, NavigationProvider } from '@/lib/navigation';
import { setPublicConfig } from '@/lib/public-config';
import { jsonResponse } from '@/test/admin-users';
import AuthPage from './auth-page';
import { PASSKEY_CANCELLED, PASSKEY_UNSUPPORTED, PasskeyProblem } from './passkey-ceremony';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/** The browser's side, as each test makes it answer. */
const browser = vi.hoisted(() => ({
  assert: vi.fn(),
  autofill: vi.fn(),
  cancel: vi.fn(),
}));
vi.mock('./passkey-ceremony', async (real) => ({
  ...(await real<typeof Ceremony>()),
  assertPasskey: browser.assert,
  autofillPasskey: browser.autofill,
  cancelPasskeyCeremony: browser.cancel,
}));

const ANSWER: AuthenticationResponse = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};
const SIGNED_IN = {
  user: { id: 'u1', email: 'ada@example.com', user_metadata: { full_name: 'Ada' } },
  access_token: 'access',
  refresh_token: 'refresh',
};
const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' };

const config: PublicConfig = {
  demoMode: false,
  allowSignup: false,
  ecosystemLinks: { home: '/', sortstak: '/', roleBuilder: '/', qrc: '/', talentspark: '/' },
  ssoDemo: null,
};

/** The server: its passkey options, as the page asks for them. */
function stubOptions() {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      sent.push({ path, body: init.body && JSON.parse(String(init.body)) });
      if (path === '/api/auth/sign-in/passkey/options') {
        return jsonResponse(200, { challenge_id: 'challenge-1', options: OPTIONS });
      }
      if (path === '/api/auth/sign-in/second-factor/passkey-options') {
        return jsonResponse(200, { options: OPTIONS });
      }
      return jsonResponse(404, { error: { code: 'not_found', message: 'Not found.' } });
    }),
  );
  return sent;
}

function renderPage(authenticator: Authenticator, demoMode = false) {
  setPublicConfig({ ...config, demoMode });
  const navigate = vi.fn();
  const view = render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider authenticator={authenticator}>
        <NavigationProvider
          value={{
            ...documentNavigation({ pathname: '/auth', search: '', hash: '' }),
            navigate,
          }}
        >
          <AuthPage />
        </NavigationProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, navigate };
}

/** An account with a passkey: the password asks for the step; passkeys sign in or are refused. */
function account(methods: ('totp' | 'passkey')[], refuse: AuthFailure | null = null) {
  const alone: { challengeId: string; response: AuthenticationResponse }[] = [];
  const second: { pendingToken: string; response: AuthenticationResponse }[] = [];
  const auth: Authenticator = {
    signIn: async () => ({ kind: 'second_factor', pendingToken: 'p-1', expiresIn: 300, methods }),
    signUp: () => Promise.reject(new AuthFailure('unused')),
    signOut: async () => {},
    completeSecondFactor: async () => SIGNED_IN,
    signInWithPasskey: async (challengeId, response) => {
      alone.push({ challengeId, response });
      if (refuse) throw refuse;
      return SIGNED_IN;
    },
    completeSecondFactorWithPasskey: async (pendingToken, response) => {
      second.push({ pendingToken, response });
      if (refuse) throw refuse;
      return SIGNED_IN;
    },
  };
  return { auth, alone, second };
}

beforeEach(() => {
  sessionStore.set(null);
  browser.assert.mockReset();
  browser.autofill.mockReset().mockResolvedValue(null);
  browser.cancel.mockReset();
  vi.mocked(toast.success).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('a passkey alone on the sign-in page (docs/product/sign-in.md#passkeys)', () => {
  it('offers the browser’s autofill on the Email field while the form is open, and ends it on leaving', async () => {
    stubOptions();
    const { unmount } = renderPage(account(['passkey']).auth);
    const email = await screen.findByLabelText('Email');
    expect(email.getAttribute('autocomplete')).toBe('username webauthn');
    expect(browser.autofill).toHaveBeenCalledTimes(1);
    unmount();
    expect(browser.cancel).toHaveBeenCalled();
  });

  it('signs in with the passkey the autofill offered', async () => {
    const sent = stubOptions();
    const { auth, alone } = account(['passkey']);
    browser.autofill.mockImplementation(
      async (options: () => Promise<unknown>, stillWanted: () => boolean) => {
        await options();
        return stillWanted() ? ANSWER : null;
      },
    );
    renderPage(auth);
    await vi.waitFor(() => expect(alone).toHaveLength(1));
    expect(alone[0]).toEqual({ challengeId: 'challenge-1', response: ANSWER });
    expect(sent.map((s) => s.path)).toEqual(['/api/auth/sign-in/passkey/options']);
    await vi.waitFor(() => expect(sessionStore.get()?.access_token).toBe('access'));
    expect(toast.success).toHaveBeenCalledWith('Signed in');
  });

  it('ends the autofill’s wait as the password is sent, before the answer', async () => {
    stubOptions();
    const { auth } = account(['totp']);
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const signIn = auth.signIn;
    auth.signIn = async (email, password) => {
      await answered;
      return signIn(email, password);
    };
    renderPage(auth);
    fireEvent.change(await screen.findByLabelText('Email'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right' } });
    expect(browser.cancel).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(browser.cancel).toHaveBeenCalled());
    answer();
    await screen.findByRole('heading', { name: 'Enter your authenticator code' });
  });

  it('signs in with the browser’s prompt: no address typed', async () => {
    stubOptions();
    const { auth, alone } = account(['passkey']);
    browser.assert.mockResolvedValue(ANSWER);
    renderPage(auth);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await vi.waitFor(() => expect(sessionStore.get()?.access_token).toBe('access'));
    expect(browser.assert).toHaveBeenCalledWith(OPTIONS);
    expect(alone).toEqual([{ challengeId: 'challenge-1', response: ANSWER }]);
  });

  it.each([
    ['a cancelled prompt', new PasskeyProblem('cancelled', PASSKEY_CANCELLED), PASSKEY_CANCELLED],
    [
      'a browser without WebAuthn',
      new PasskeyProblem('unsupported', PASSKEY_UNSUPPORTED),
      PASSKEY_UNSUPPORTED,
    ],
  ])('says what %s means, and waits on the autofill again', async (_, problem, words) => {
    stubOptions();
    const { auth, alone } = account(['passkey']);
    browser.assert.mockRejectedValue(problem);
    renderPage(auth);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe(words);
    expect(alone).toEqual([]);
    expect(sessionStore.get()).toBeNull();
    await vi.waitFor(() => expect(browser.autofill).toHaveBeenCalledTimes(2));
  });

  it('shows the server’s refusal', async () => {
    stubOptions();
    const refusal = new AuthFailure(
      'That passkey could not be verified. Try again, or use another way to sign in.',
    );
    browser.assert.mockResolvedValue(ANSWER);
    renderPage(account(['passkey'], refusal).auth);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal.message);
    expect(sessionStore.get()).toBeNull();
  });
});

describe('a passkey as the second step (docs/product/sign-in.md#passkeys)', () => {
  async function passPassword() {
    fireEvent.change(await screen.findByLabelText('Email'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  }

  it('asks a passkey-only account for its passkey, focused, with no code to type', async () => {
    const sent = stubOptions();
    const { auth, second } = account(['passkey']);
    browser.assert.mockResolvedValue(ANSWER);
    renderPage(auth);
    await passPassword();
    expect(await screen.findByRole('heading', { name: 'Use your passkey' })).toBeTruthy();
    const use = screen.getByRole('button', { name: 'Use a passkey' });
    // Focused by an effect once the step is on screen, which a busy machine may run a little later.
    await vi.waitFor(() => expect(document.activeElement).toBe(use));
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
    expect(screen.queryByRole('button', { name: /authenticator app/ })).toBeNull();
    fireEvent.click(use);
    await vi.waitFor(() => expect(sessionStore.get()?.access_token).toBe('access'));
    expect(sent.at(-1)).toEqual({
      path: '/api/auth/sign-in/second-factor/passkey-options',
      body: { pending_token: 'p-1' },
    });
    expect(second).toEqual([{ pendingToken: 'p-1', response: ANSWER }]);
    expect(toast.success).toHaveBeenCalledWith('Signed in');
  });

  it('offers the code too when the account has the app, and the passkey from the code', async () => {
    stubOptions();
    renderPage(account(['totp', 'passkey']).auth);
    await passPassword();
    await screen.findByRole('heading', { name: 'Use your passkey' });
    fireEvent.click(screen.getByRole('button', { name: 'Use your authenticator app instead' }));
    expect(screen.getByRole('heading', { name: 'Enter your authenticator code' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey instead' }));
    expect(screen.getByRole('heading', { name: 'Use your passkey' })).toBeTruthy();
  });

  it('says a cancelled prompt was cancelled, and lets the person try again', async () => {
    stubOptions();
    const { auth, second } = account(['passkey']);
    browser.assert.mockRejectedValueOnce(new PasskeyProblem('cancelled', PASSKEY_CANCELLED));
    browser.assert.mockResolvedValueOnce(ANSWER);
    renderPage(auth);
    await passPassword();
    fireEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PASSKEY_CANCELLED);
    expect(second).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    await vi.waitFor(() => expect(sessionStore.get()?.access_token).toBe('access'));
  });

  it('sends an expired pending sign-in back to the start', async () => {
    stubOptions();
    browser.assert.mockResolvedValue(ANSWER);
    const expired = new AuthFailure('Your sign-in has expired. Please sign in again.', {
      reason: 'expired',
    });
    renderPage(account(['passkey'], expired).auth);
    await passPassword();
    fireEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('heading', { name: 'This sign-in has expired' })).toBeTruthy();
  });

  it('runs simulated in the demo, with no browser prompt', async () => {
    const app = createDemoMfa();
    await app.passkeys.add('Demo laptop');
    renderPage(createMockAuthenticator({ delayMs: 0, secondFactor: app }), true);
    fireEvent.click(await screen.findByRole('button', { name: 'Quick Demo Login' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    await vi.waitFor(() => expect(sessionStore.get()?.access_token).toMatch(/^demo-token-/));
    expect(browser.assert).not.toHaveBeenCalled();
    expect((await app.passkeys.list())[0]?.last_used_at).not.toBeNull();
    await act(async () => {});
  });
});
