import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { PublicConfig } from '@shared/public-config';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { createMockAuthenticator } from '@/lib/auth/mock-authenticator';
import { sessionStore } from '@/lib/auth/session-store';
import { setPublicConfig } from '@/lib/public-config';
import { jsonResponse } from '@/test/admin-users';
import { groupedSecret } from './totp-setup';
import SecurityPage, { DEMO_MFA_NOTE } from './security-page';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const config = (demoMode: boolean): PublicConfig => ({
  demoMode,
  allowSignup: false,
  ecosystemLinks: { home: '/', sortstak: '/', roleBuilder: '/', qrc: '/', talentspark: '/' },
  ssoDemo: null,
});

function renderPage(demoMode: boolean, enrolmentRequired = false) {
  setPublicConfig(config(demoMode));
  sessionStore.set({
    user: { id: 'u1', email: 'ada@example.com', user_metadata: { full_name: 'Ada' } },
    access_token: 'access',
    refresh_token: 'refresh',
    ...(enrolmentRequired ? { second_factor_enrolment_required: true } : {}),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider authenticator={createMockAuthenticator()}>
        <MemoryRouter>
          <SecurityPage />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abc${i}-defg-hjkm`);

beforeEach(() => sessionStore.set(null));
afterEach(() => vi.unstubAllGlobals());

describe('two-step sign-in in production mode (docs/product/sign-in.md#two-step-screen)', () => {
  /** The server's answers, with the requests as sent. */
  function stubServer(confirmAnswers: [number, unknown][]) {
    const sent: { method: string; path: string; body: unknown }[] = [];
    let enrolled = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const path = new URL(url, 'http://x').pathname;
        sent.push({ method: init.method!, path, body: init.body && JSON.parse(String(init.body)) });
        if (path === '/api/auth/mfa') {
          return jsonResponse(200, {
            factors: enrolled
              ? [{ kind: 'totp', created_at: '2026-11-29T10:00:00Z', last_used_at: null }]
              : [],
            totp_pending: false,
            recovery_codes_remaining: enrolled ? 10 : 0,
          });
        }
        if (path === '/api/auth/mfa/totp') {
          return jsonResponse(200, {
            secret: SECRET,
            otpauth_uri: `otpauth://totp/Talent%20Ecosystem:ada%40example.com?secret=${SECRET}`,
          });
        }
        if (path === '/api/auth/mfa/totp/confirm') {
          const [status, body] = confirmAnswers.shift()!;
          if (status === 200) enrolled = true;
          return jsonResponse(status, body);
        }
        if (path === '/api/oidc/consents') return jsonResponse(200, { applications: [] });
        return jsonResponse(404, { error: { code: 'not_found', message: 'Not found.' } });
      }),
    );
    return sent;
  }

  it('sets up an app: QR code and key, a refused code, then the ten codes shown once', async () => {
    const sent = stubServer([
      [
        401,
        {
          error: { code: 'invalid_code', message: 'That code is not valid. Try the current one.' },
        },
      ],
      [200, { recovery_codes: CODES }],
    ]);
    const stored = vi.spyOn(Storage.prototype, 'setItem');
    renderPage(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeTruthy();
    expect(screen.queryByText(DEMO_MFA_NOTE)).toBeNull();
    expect(await screen.findByText('Off')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    const heading = await screen.findByRole('heading', { name: 'Set up your authenticator app' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByLabelText('Setup key').textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    const field = screen.getByLabelText('Code from the app');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');

    fireEvent.change(field, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code is not valid. Try the current one.',
    );
    fireEvent.change(field, { target: { value: '492039' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Save your recovery codes' }),
    );
    expect(screen.getByText('You will not see these codes again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('On')).toBeTruthy();
    expect(screen.getByText('10 of 10')).toBeTruthy();
    expect(screen.queryByText(CODES[0]!)).toBeNull();

    expect(sent.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/auth/mfa/totp', body: undefined },
      { method: 'POST', path: '/api/auth/mfa/totp/confirm', body: { code: '000000' } },
      { method: 'POST', path: '/api/auth/mfa/totp/confirm', body: { code: '492039' } },
    ]);
    // The secret and the codes stay in the page: never written to storage.
    for (const [, value] of stored.mock.calls) {
      expect(value).not.toContain(SECRET);
      expect(value).not.toContain(CODES[0]);
    }
    stored.mockRestore();
  });
});

describe('connected applications on the security page', () => {
  it('are listed in production mode, once the account has its second factor', async () => {
    const sent = stubServerSimply();
    renderPage(false);
    expect(await screen.findByText('No connected applications')).toBeTruthy();
    expect(sent).toContain('/api/oidc/consents');
  });

  it('are not asked for while the account must set up a second factor first', async () => {
    const sent = stubServerSimply();
    renderPage(false, true);
    expect(await screen.findByText('Off')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Connected applications' })).toBeNull();
    expect(sent).not.toContain('/api/oidc/consents');
  });

  it('are not shown in demo mode, where sign-ons are simulated', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderPage(true);
    expect(await screen.findByText('Off')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Connected applications' })).toBeNull();
  });

  /** No factor yet, no application allowed; the paths asked for. */
  function stubServerSimply() {
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = new URL(url, 'http://x').pathname;
        sent.push(path);
        if (path === '/api/auth/mfa') {
          return jsonResponse(200, {
            factors: [],
            totp_pending: false,
            recovery_codes_remaining: 0,
          });
        }
        if (path === '/api/auth/passkeys') return jsonResponse(200, { passkeys: [] });
        if (path === '/api/oidc/consents') return jsonResponse(200, { applications: [] });
        return jsonResponse(404, { error: { code: 'not_found', message: 'Not found.' } });
      }),
    );
    return sent;
  }
});

describe('two-step sign-in in demo mode', () => {
  it('runs the same screens, simulated in the tab and labelled', async () => {
    const fetched = vi.fn();
    vi.stubGlobal('fetch', fetched);
    renderPage(true);
    expect(screen.getByText(DEMO_MFA_NOTE)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    const key = (await screen.findByLabelText('Setup key')).textContent!;
    expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
    expect(groupedSecret(key.replace(/ /g, ''))).toBe(key);

    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('On')).toBeTruthy();

    // Removing takes a current code, in a dialog that says why.
    fireEvent.click(screen.getByRole('button', { name: 'Remove app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the authenticator app?' });
    const current = within(dialog).getByLabelText('Current code');
    expect(document.activeElement).toBe(current);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove app' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Enter a code from your app or a recovery code',
    );
    fireEvent.change(current, { target: { value: '654321' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remove app' }));
    });
    expect(await screen.findByText('Off')).toBeTruthy();
    expect(fetched).not.toHaveBeenCalled();
  });
});
