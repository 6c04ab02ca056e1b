import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVITATION_REFUSALS } from '@shared/schemas/invitations';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { AuthFailure, type Authenticator } from '@/lib/auth/authenticator';
import { sessionStore, type AuthSession } from '@/lib/auth/session-store';
import { NavigationProvider, type AppLinkProps } from '@/lib/navigation';
import { jsonResponse } from '@/test/admin-users';
import InvitePage, { readInvitationToken } from './invite-page';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const accept = vi.hoisted(() => ({ fn: vi.fn() }));
vi.mock('@/lib/auth/server-authenticator', () => ({
  acceptInvitation: (...args: unknown[]) => accept.fn(...args),
}));

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const PREVIEW = {
  email: 'ada@example.com',
  full_name: 'Ada Lovelace',
  expires_at: '2026-06-04T12:00:00.000Z',
};

const session: AuthSession = {
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    email: PREVIEW.email,
    user_metadata: { full_name: 'Ada' },
  },
  access_token: 'access',
  refresh_token: 'refresh',
  expires_at: 4_102_444_800,
  must_change_password: false,
};

/** The server's answers to inspect: a preview, or an error body. */
function stubInspect(status: number, body: unknown = PREVIEW) {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    return jsonResponse(status, body);
  });
  return bodies;
}

function DocumentLink({ to, replace: _replace, ...props }: AppLinkProps) {
  return <a href={to} {...props} />;
}

/** The page as the sign-in portal shows it; `accepting` stands for the server's accept. */
function renderPage(
  hash: string,
  accepting: (...args: unknown[]) => Promise<AuthSession> = async () => session,
) {
  const navigate = vi.fn();
  accept.fn.mockReset().mockImplementation(accepting);
  const authenticator: Authenticator = {
    signIn: () => Promise.reject(new Error('not here')),
    signUp: () => Promise.reject(new Error('not here')),
    signOut: async () => {},
  };
  render(
    <NavigationProvider
      value={{
        location: { pathname: '/auth/invite', search: '', hash },
        Link: DocumentLink,
        navigate,
      }}
    >
      <AuthProvider authenticator={authenticator}>
        <InvitePage />
      </AuthProvider>
    </NavigationProvider>,
  );
  return { navigate };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readInvitationToken', () => {
  it('takes the token from the fragment, and nothing that is not one', () => {
    expect(readInvitationToken(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(readInvitationToken('')).toBeNull();
    expect(readInvitationToken('#token=')).toBeNull();
    expect(readInvitationToken('#token=<script>')).toBeNull();
  });
});

describe('Accept invitation page', () => {
  it('says a link without a token is incomplete, without asking the server', async () => {
    const bodies = stubInspect(200);
    renderPage('');
    expect(
      screen.getByRole('heading', { name: 'This invitation link is incomplete' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/auth');
    expect(bodies).toEqual([]);
  });

  it.each([
    ['invitation_expired', 410, 'This invitation has expired', /^Links work for 72 hours\./],
    ['invitation_used', 410, 'This invitation has already been used', /^Sign in with the account/],
    ['invitation_revoked', 410, 'This invitation was withdrawn', /^Ask an administrator/],
    ['invitation_not_found', 404, 'This invitation link is not valid', /^Check that you opened/],
  ])('shows a %s link as such, with what to do next', async (code, status, title, advice) => {
    const bodies = stubInspect(status, { error: { code, message: 'the server’s words' } });
    renderPage(`#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(advice);
    expect(bodies).toEqual([{ token: TOKEN }]);
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('shows the server’s words for a refusal it has no advice of its own for', async () => {
    const message = 'Too many attempts with invitation links. Try again in 15 minutes.';
    stubInspect(429, { error: { code: 'rate_limited', message } });
    renderPage(`#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Too many attempts' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(message);
  });

  it('offers a retry when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    renderPage(`#token=${TOKEN}`);
    expect(await screen.findByText('The invitation could not be checked')).toBeTruthy();
    stubInspect(200);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(PREVIEW.email)).toBeTruthy();
  });

  it('shows the invited address, holds the password to the rules, then accepts and moves on', async () => {
    stubInspect(200);
    const { navigate } = renderPage(`#token=${TOKEN}`);
    expect(screen.getByRole('status').textContent).toBe('Checking your invitation...');
    expect(await screen.findByText(PREVIEW.email)).toBeTruthy();
    const name = await screen.findByLabelText('Full name');
    expect((name as HTMLInputElement).value).toBe('Ada Lovelace');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'too short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Use at least 12 characters')).toBeTruthy();
    expect(accept.fn).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Password'), ' but longer now');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/admin', { replace: true }));
    expect(accept.fn).toHaveBeenCalledWith(TOKEN, 'too short but longer now', 'Ada Lovelace');
    // Signed in as a sign-in leaves it: the session is kept for the next page.
    expect(sessionStore.get()?.access_token).toBe('access');
  });

  it('shows the refusal of the accept itself beside the form', async () => {
    stubInspect(200);
    const { navigate } = renderPage(`#token=${TOKEN}`, async () => {
      throw new AuthFailure(INVITATION_REFUSALS.used);
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'a long enough passphrase');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(INVITATION_REFUSALS.used)).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });
});
