import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECTED_APPS_PATH, SECURITY_PATH } from '@shared/routes';
import { toast } from 'sonner';
import type { ConnectedApplication } from '@shared/schemas/oidc';
import { jsonResponse } from '@/test/admin-users';
import {
  CONNECTED_EMPTY,
  ConnectedAppsSection,
  removeAccessWarning,
} from './connected-apps-section';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const HIREHUB: ConnectedApplication = {
  app_id: '00000000-0000-4000-8000-000000000001',
  app_name: 'HireHub',
  app_url: 'https://hirehub.example',
  scopes: ['openid', 'email', 'roles'],
  allowed_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
};

/** The server: the person's connected applications, and the requests as sent. */
function stubServer(apps: ConnectedApplication[], removal: [number, unknown] = [204, null]) {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      sent.push(`${init.method} ${path}`);
      if (init.method === 'GET' && path === '/api/oidc/consents') {
        return jsonResponse(200, { applications: apps });
      }
      if (init.method === 'DELETE' && path === `/api/oidc/consents/${HIREHUB.app_id}`) {
        if (removal[0] === 204) apps = apps.filter((a) => a.app_id !== HIREHUB.app_id);
        return removal[0] === 204 ? new Response(null, { status: 204 }) : jsonResponse(...removal);
      }
      return jsonResponse(500, { error: { code: 'internal', message: 'Something failed.' } });
    }),
  );
  return sent;
}

function renderSection(at = SECURITY_PATH) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <ConnectedAppsSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const scrollIntoView = Element.prototype.scrollIntoView;
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  Element.prototype.scrollIntoView = scrollIntoView;
});

describe('Connected applications (docs/product/sign-on.md#oidc-connected-applications)', () => {
  it('lists each application, what it receives in words, and since when', async () => {
    stubServer([HIREHUB]);
    renderSection();
    const list = await screen.findByRole('list', { name: 'Connected applications' });
    const row = within(list).getAllByRole('listitem')[0]!;
    expect(within(row).getByText('HireHub')).toBeTruthy();
    expect(within(row).getByText('https://hirehub.example')).toBeTruthy();
    for (const words of [
      'That it is you (an id that stays the same)',
      'Your email address',
      'Your roles in the ecosystem',
    ]) {
      expect(within(row).getByText(words)).toBeTruthy();
    }
    expect(within(row).queryByText('roles')).toBeNull();
    expect(row.querySelector('time')?.getAttribute('dateTime')).toBe(HIREHUB.allowed_at);
  });

  it('says what the list is for when nothing is connected', async () => {
    stubServer([]);
    renderSection();
    expect(await screen.findByText('No connected applications')).toBeTruthy();
    expect(screen.getByText(CONNECTED_EMPTY)).toBeTruthy();
  });

  it('removes access only once confirmed, then shows the list without it', async () => {
    const sent = stubServer([HIREHUB]);
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove access for HireHub' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(removeAccessWarning('HireHub'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent.filter((s) => s.startsWith('DELETE'))).toEqual([]);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Remove access for HireHub' }),
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove access for HireHub' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Remove access',
      }),
    );
    expect(await screen.findByText('No connected applications')).toBeTruthy();
    // The row and its button are gone: the focus is back on the section.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { name: 'Connected applications' }),
      ),
    );
    expect(sent).toContain(`DELETE /api/oidc/consents/${HIREHUB.app_id}`);
    expect(toast.success).toHaveBeenCalledWith('Access removed', expect.anything());
  });

  it('says why a removal failed and keeps the application listed', async () => {
    stubServer([HIREHUB], [404, { error: { code: 'not_found', message: 'No access to remove.' } }]);
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove access for HireHub' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Remove access',
      }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Access could not be removed', {
        description: 'No access to remove.',
      }),
    );
    expect(screen.getByRole('list', { name: 'Connected applications' })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Remove access for HireHub' }),
      ),
    );
  });

  it('offers Try again when the list cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(503, { error: { code: 'unavailable', message: 'Down.' } })),
    );
    renderSection();
    expect(await screen.findByText('Connected applications could not be loaded')).toBeTruthy();
    stubServer([HIREHUB]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Connected applications' })).toBeTruthy();
  });

  it('comes into view with its heading focused when the address names it', async () => {
    stubServer([HIREHUB]);
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderSection(CONNECTED_APPS_PATH);
    await screen.findByRole('list', { name: 'Connected applications' });
    const heading = screen.getByRole('heading', { name: 'Connected applications' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(scrolled.mock.contexts).toEqual([heading]);
  });

  it('stays where it is otherwise', async () => {
    stubServer([HIREHUB]);
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderSection();
    await screen.findByRole('list', { name: 'Connected applications' });
    expect(scrolled).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(document.body);
  });
});
