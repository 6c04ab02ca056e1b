import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type * as Ceremony from './passkey-ceremony';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { PublicConfig } from '@shared/public-config';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { createMockAuthenticator } from '@/lib/auth/mock-authenticator';
import { sessionStore } from '@/lib/auth/session-store';
import { setPublicConfig } from '@/lib/public-config';
import { jsonResponse } from '@/test/admin-users';
import {
  PASSKEY_ALREADY_REGISTERED,
  PASSKEY_CANCELLED,
  PASSKEY_UNSUPPORTED,
  PasskeyProblem,
} from './passkey-ceremony';
import { PASSKEYS_EMPTY } from './passkeys-section';
import SecurityPage from './security-page';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/** The browser's side, as each test makes it answer. */
const browser = vi.hoisted(() => ({ create: vi.fn(), assert: vi.fn(), supported: vi.fn() }));
vi.mock('./passkey-ceremony', async (real) => ({
  ...(await real<typeof Ceremony>()),
  createPasskey: browser.create,
  assertPasskey: browser.assert,
  passkeysSupported: browser.supported,
}));

const config = (demoMode: boolean): PublicConfig => ({
  demoMode,
  allowSignup: false,
  ecosystemLinks: { home: '/', sortstak: '/', roleBuilder: '/', qrc: '/', talentspark: '/' },
  ssoDemo: null,
});

function renderPage(demoMode: boolean) {
  setPublicConfig(config(demoMode));
  sessionStore.set({
    user: { id: 'u1', email: 'ada@example.com', user_metadata: { full_name: 'Ada' } },
    access_token: 'access',
    refresh_token: 'refresh',
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

const PASSKEY = {
  id: '7d1f6a3c-4b8e-4f2a-9c1d-2e3f4a5b6c7d',
  name: 'Work laptop',
  created_at: '2026-11-29T10:00:00Z',
  last_used_at: null,
  backed_up: true,
};
const REGISTRATION = { id: 'cred', rawId: 'cred', type: 'public-key' };
const ASSERTION = { id: 'cred', rawId: 'cred', type: 'public-key' };

type Answer = [number, unknown];
/** The server: the account's factors and passkeys, with the requests as sent. */
function stubServer({
  passkeys = [] as (typeof PASSKEY)[],
  app = false,
  list = null as Answer | null,
  remove = [204, null] as Answer,
} = {}) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  let held = [...passkeys];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      const body = init.body && JSON.parse(String(init.body));
      sent.push({ method: init.method!, path, body });
      if (path === '/api/auth/mfa') {
        return jsonResponse(200, {
          factors: app
            ? [{ kind: 'totp', created_at: '2026-11-29T10:00:00Z', last_used_at: null }]
            : [],
          totp_pending: false,
          recovery_codes_remaining: app ? 10 : 0,
        });
      }
      if (path === '/api/auth/passkeys' && init.method === 'GET') {
        return list ? jsonResponse(...list) : jsonResponse(200, { passkeys: held });
      }
      if (path === '/api/auth/passkeys/registration-options') {
        return jsonResponse(200, { options: { challenge: 'c' } });
      }
      if (path === '/api/auth/passkeys/confirmation-options') {
        return jsonResponse(200, { options: { challenge: 'c' } });
      }
      if (path === '/api/auth/passkeys' && init.method === 'POST') {
        const added = { ...PASSKEY, id: crypto.randomUUID(), name: body.name, backed_up: false };
        held = [...held, added];
        return jsonResponse(201, added);
      }
      if (path.endsWith('/remove')) {
        if (remove[0] === 204) held = held.filter((p) => !path.includes(p.id));
        return remove[0] === 204 ? new Response(null, { status: 204 }) : jsonResponse(...remove);
      }
      if (init.method === 'PATCH') {
        held = held.map((p) => (path.endsWith(p.id) ? { ...p, name: body.name } : p));
        return jsonResponse(200, held[0]);
      }
      if (path === '/api/oidc/consents') return jsonResponse(200, { applications: [] });
      return jsonResponse(404, { error: { code: 'not_found', message: 'Not found.' } });
    }),
  );
  return sent;
}

beforeEach(() => {
  sessionStore.set(null);
  browser.create.mockReset();
  browser.assert.mockReset();
  browser.supported.mockReset().mockReturnValue(true);
});
afterEach(() => vi.unstubAllGlobals());

describe('the Passkeys section in production mode (docs/product/sign-in.md#passkeys)', () => {
  it('explains what a passkey is when the account has none, then adds one under the name given', async () => {
    const sent = stubServer();
    renderPage(false);
    expect(await screen.findByText('No passkeys yet')).toBeTruthy();
    expect(screen.getByText(PASSKEYS_EMPTY)).toBeTruthy();

    // Cancelled at the browser's prompt: said so, nothing registered.
    browser.create.mockRejectedValueOnce(new PasskeyProblem('cancelled', PASSKEY_CANCELLED));
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a passkey' });
    const name = within(dialog).getByLabelText('Name');
    expect(document.activeElement).toBe(name);
    expect((name as HTMLInputElement).value).not.toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(PASSKEY_CANCELLED);
    expect(sent.filter((s) => s.method === 'POST' && s.path === '/api/auth/passkeys')).toEqual([]);

    browser.create.mockResolvedValueOnce(REGISTRATION);
    fireEvent.change(name, { target: { value: ' Work laptop ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const list = await screen.findByRole('list', { name: 'Passkeys' });
    expect(within(list).getByText('Work laptop')).toBeTruthy();
    expect(within(list).getByText('Not yet')).toBeTruthy();
    expect(sent.find((s) => s.method === 'POST' && s.path === '/api/auth/passkeys')?.body).toEqual({
      response: REGISTRATION,
      name: 'Work laptop',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when the authenticator already holds one of the account’s passkeys', async () => {
    stubServer({ passkeys: [PASSKEY] });
    browser.create.mockRejectedValue(
      new PasskeyProblem('already_registered', PASSKEY_ALREADY_REGISTERED),
    );
    renderPage(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a passkey' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(PASSKEY_ALREADY_REGISTERED);
  });

  it('lists each passkey with when it was added and used, synced or not; renames one', async () => {
    const sent = stubServer({
      passkeys: [PASSKEY, { ...PASSKEY, id: crypto.randomUUID(), name: 'Phone', backed_up: false }],
    });
    renderPage(false);
    const list = await screen.findByRole('list', { name: 'Passkeys' });
    const [laptop, phone] = within(list).getAllByRole('listitem');
    expect(within(laptop!).getByText('Synced')).toBeTruthy();
    expect(within(phone!).queryByText('Synced')).toBeNull();
    expect(within(laptop!).getByText('Added')).toBeTruthy();
    expect(within(laptop!).getByText('Last used').nextElementSibling?.textContent).toBe('Not yet');

    fireEvent.click(screen.getByRole('button', { name: 'Rename Work laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename the passkey' });
    const name = within(dialog).getByLabelText('Name');
    expect((name as HTMLInputElement).value).toBe('Work laptop');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Enter a name');
    fireEvent.change(name, { target: { value: 'Desk' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(list).findByText('Desk')).toBeTruthy();
    expect(sent.find((s) => s.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: `/api/auth/passkeys/${PASSKEY.id}`,
      body: { name: 'Desk' },
    });
  });

  it('removes a passkey with a passkey’s assertion, after a red confirmation', async () => {
    const sent = stubServer({ passkeys: [PASSKEY] });
    browser.assert.mockResolvedValue(ASSERTION);
    renderPage(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove “Work laptop”?' });
    expect(
      within(dialog).getByText(
        'This is your only second step: signing in will take your password alone.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByLabelText('Current code')).toBeNull();
    const confirm = within(dialog).getByRole('button', { name: 'Remove with a passkey' });
    expect(confirm.dataset.variant ?? confirm.className).toContain('rose');
    fireEvent.click(confirm);
    expect(await screen.findByText('No passkeys yet')).toBeTruthy();
    expect(sent.find((s) => s.path.endsWith('/remove'))).toEqual({
      method: 'POST',
      path: `/api/auth/passkeys/${PASSKEY.id}/remove`,
      body: { assertion: ASSERTION },
    });
  });

  it('takes the app’s code instead, and shows the server’s refusal in the dialog', async () => {
    const sent = stubServer({
      passkeys: [PASSKEY],
      app: true,
      remove: [401, { error: { code: 'invalid_code', message: 'That code is not valid.' } }],
    });
    renderPage(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove “Work laptop”?' });
    expect(within(dialog).queryByText(/only second step/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Current code'), {
      target: { value: '123456' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove with the code' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('That code is not valid.');
    expect(sent.find((s) => s.path.endsWith('/remove'))?.body).toEqual({ code: '123456' });
    expect(browser.assert).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Remove “Work laptop”?' })).toBeTruthy();
  });

  it('says when the list cannot be loaded, with Try again', async () => {
    stubServer({ list: [500, { error: { code: 'internal', message: 'Server error.' } }] });
    renderPage(false);
    expect(await screen.findByText('Passkeys could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says when the browser cannot make passkeys, and offers no Add', async () => {
    stubServer();
    browser.supported.mockReturnValue(false);
    renderPage(false);
    expect(await screen.findByText('No passkeys yet')).toBeTruthy();
    expect(screen.getByText(PASSKEY_UNSUPPORTED).getAttribute('role')).toBe('note');
    expect(
      (screen.getByRole('button', { name: 'Add a passkey' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});

describe('the Passkeys section in demo mode (docs/product/sign-in.md#two-step-screen)', () => {
  it('adds, renames and removes simulated passkeys, with no browser prompt', async () => {
    renderPage(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a passkey' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Demo key' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const list = await screen.findByRole('list', { name: 'Passkeys' });
    expect(within(list).getByText('Demo key')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Demo key' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove with a passkey' }));
    expect(await screen.findByText('No passkeys yet')).toBeTruthy();
    expect(browser.create).not.toHaveBeenCalled();
    expect(browser.assert).not.toHaveBeenCalled();
  });
});
