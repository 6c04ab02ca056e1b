import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationInfo } from '@shared/schemas/admin-security';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse } from '@/test/admin-users';
import { toast } from 'sonner';
import {
  CLIENT_SECRET_SHOWN_ONCE,
  OidcClientDialog,
  removeSignInWarning,
} from './oidc-client-dialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const APP_ID = '00000000-0000-4000-8000-0000000000b1';

const app = (oidc: ApplicationInfo['oidc_client'] = null): ApplicationInfo =>
  ({
    id: APP_ID,
    app_name: 'HireHub',
    app_url: 'https://hirehub.example.com',
    app_type: 'hiring',
    is_active: true,
    has_api_key: true,
    has_webhook_secret: false,
    oidc_client: oidc,
  }) as ApplicationInfo;

/** A server that answers the registration; what it was sent. */
function stubServer(secret: string | null) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return jsonResponse(200, { client_id: 'hirehub-7f3a', client_secret: secret });
  });
  return sent;
}

function renderDialog(target: ApplicationInfo, onClose = () => {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <OidcClientDialog app={target} onClose={onClose} />
    </QueryClientProvider>,
  );
}

const REGISTERED = {
  client_id: 'hirehub-7f3a',
  redirect_uris: ['https://hirehub.example.com/cb'],
  post_logout_redirect_uris: [],
  scopes: ['openid', 'email'],
  public_client: false,
  first_party: false,
  backchannel_logout_uri: null,
  initiate_login_uri: null,
} satisfies NonNullable<ApplicationInfo['oidc_client']>;

afterEach(() => vi.unstubAllGlobals());

describe('OidcClientDialog', () => {
  it('registers a client with its redirect URIs and scopes, then shows the secret once', async () => {
    const sent = stubServer('s3cr3t-shown-once');
    renderDialog(app());
    const dialog = await screen.findByRole('dialog', { name: 'Sign-in settings: HireHub' });
    await userEvent.type(
      within(dialog).getByLabelText('Redirect URIs'),
      'https://hirehub.example.com/cb{enter}{enter}http://localhost:5173/cb',
    );
    await userEvent.type(
      within(dialog).getByLabelText(/Login start URI/),
      'https://hirehub.example.com/oidc/login',
    );
    await userEvent.click(within(dialog).getByLabelText(/Staying signed in/));
    await userEvent.type(
      within(dialog).getByLabelText(/Back-channel logout URI/),
      'https://hirehub.example.com/oidc/logout',
    );
    await userEvent.click(within(dialog).getByLabelText('First-party application'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register client' }));

    const saved = await screen.findByRole('dialog', { name: 'Sign-in settings saved' });
    expect(within(saved).getByLabelText('Client id')).toHaveProperty('value', 'hirehub-7f3a');
    expect(within(saved).getByLabelText('Client secret')).toHaveProperty(
      'value',
      's3cr3t-shown-once',
    );
    expect(within(saved).getByText(CLIENT_SECRET_SHOWN_ONCE)).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'PUT',
        url: `/api/admin/apps/${APP_ID}/oidc-client`,
        body: {
          redirect_uris: ['https://hirehub.example.com/cb', 'http://localhost:5173/cb'],
          post_logout_redirect_uris: [],
          scopes: ['openid', 'email', 'profile', 'roles'],
          public_client: false,
          first_party: true,
          backchannel_logout_uri: 'https://hirehub.example.com/oidc/logout',
          initiate_login_uri: 'https://hirehub.example.com/oidc/login',
        },
      },
    ]);
  });

  it('asks for a redirect URI before sending anything', async () => {
    const sent = stubServer(null);
    renderDialog(app());
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register client' }));
    expect(await within(dialog).findByText('Enter at least one redirect URI')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('refuses a login start URI that is not a full URL before sending anything', async () => {
    const sent = stubServer(null);
    renderDialog(app());
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Redirect URIs'), 'https://h.example/cb');
    await userEvent.type(within(dialog).getByLabelText(/Login start URI/), '/oidc/login');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register client' }));
    expect(await within(dialog).findByText('The login start URI is a full URL')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('offers a new secret for a registered confidential client, and sends the choice', async () => {
    const sent = stubServer('n3w');
    renderDialog(app({ ...REGISTERED, initiate_login_uri: 'https://hirehub.example.com/login' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Redirect URIs')).toHaveProperty(
      'value',
      'https://hirehub.example.com/cb',
    );
    const loginStart = within(dialog).getByLabelText(/Login start URI/);
    expect(loginStart).toHaveProperty('value', 'https://hirehub.example.com/login');
    // Emptied, the login start is removed.
    await userEvent.clear(loginStart);
    await userEvent.click(within(dialog).getByLabelText(/Issue a new secret/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('dialog', { name: 'Sign-in settings saved' });
    expect(sent[0]!.body).toMatchObject({
      scopes: ['openid', 'email'],
      new_secret: true,
      initiate_login_uri: null,
    });
  });

  it('offers no removal for an application not registered yet', async () => {
    stubServer(null);
    renderDialog(app());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Remove sign-in' })).toBeNull();
  });

  it('removes a registered client only once confirmed, then closes and says who was signed out', async () => {
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      sent.push(`${init?.method ?? 'GET'} ${url}`);
      return jsonResponse(200, {
        client_id: 'hirehub-7f3a',
        people_signed_out: 3,
        consents_forgotten: 2,
      });
    });
    const onClose = vi.fn();
    renderDialog(app(REGISTERED), onClose);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove sign-in' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove HireHub’s sign-in?' });
    expect(within(confirm).getByText(removeSignInWarning('HireHub'))).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove sign-in' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Remove sign-in',
      }),
    );
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([`DELETE /api/admin/apps/${APP_ID}/oidc-client`]);
    expect(toast.success).toHaveBeenCalledWith('Sign-in removed', {
      description: 'HireHub no longer signs people in. 3 people were signed out of it.',
    });
  });

  it('says why a removal failed and stays open', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(403, { error: { code: 'forbidden', message: 'super_admin role required' } }),
    );
    const onClose = vi.fn();
    renderDialog(app(REGISTERED), onClose);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove sign-in' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Remove sign-in',
      }),
    );
    expect(await within(dialog).findByText('super_admin role required')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
