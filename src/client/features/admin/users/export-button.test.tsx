import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse } from '@/test/admin-users';
import { ExportUsersButton } from './export-button';
import { DEFAULT_LIST, type UsersListState } from './list-params';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const VIEW: UsersListState = {
  ...DEFAULT_LIST,
  q: 'acme',
  roles: ['platform_admin', 'none'],
  status: ['inactive'],
  orgs: ['Acme', null],
  never: true,
  sort: 'name',
  dir: 'desc',
};

let saved: string[];
beforeEach(() => {
  saved = [];
  // jsdom makes no blob URLs.
  URL.createObjectURL = () => 'blob:x';
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

function renderButton(view: UsersListState = VIEW) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ExportUsersButton view={view} />
    </QueryClientProvider>,
  );
  return user;
}

describe('Export CSV', () => {
  it('downloads the view on screen, says it is busy meanwhile, and saves under the server’s name', async () => {
    const sent: URL[] = [];
    let answer: (res: Response) => void = () => {};
    vi.stubGlobal('fetch', (url: string) => {
      sent.push(new URL(url, 'http://localhost'));
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    const user = renderButton();
    const button = screen.getByRole('button', { name: 'Export CSV' });
    await user.click(button);
    expect(button.textContent).toBe('Exporting…');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    // A second press while it downloads sends nothing more.
    await user.click(button);
    expect(sent).toHaveLength(1);

    const url = sent[0]!;
    expect(url.pathname).toBe('/api/admin/users/export');
    expect(url.searchParams.get('q')).toBe('acme');
    expect(url.searchParams.get('role')).toBe('platform_admin,none');
    expect(url.searchParams.get('status')).toBe('inactive');
    expect(url.searchParams.getAll('org')).toEqual(['Acme', '']);
    expect(url.searchParams.get('never')).toBe('true');
    expect(url.searchParams.get('sort')).toBe('name');
    expect(url.searchParams.get('dir')).toBe('desc');
    expect([...url.searchParams.keys()].sort()).toEqual(
      ['dir', 'never', 'org', 'org', 'q', 'role', 'sort', 'status'].sort(),
    );

    answer(
      new Response('id,email\r\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="users-2026-11-26.csv"',
        },
      }),
    );
    await waitFor(() => expect(button.textContent).toBe('Export CSV'));
    expect(button.getAttribute('aria-disabled')).toBe('false');
    expect(saved).toEqual(['users-2026-11-26.csv']);
    expect(toast.success).toHaveBeenCalledWith('Users Exported', {
      description: 'Saved as users-2026-11-26.csv.',
    });
  });

  it('leaves the defaults out of the request', async () => {
    const sent: URL[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      sent.push(new URL(url, 'http://localhost'));
      return new Response('', { status: 200, headers: { 'content-type': 'text/csv' } });
    });
    const user = renderButton(DEFAULT_LIST);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(sent[0]!.search).toBe('');
    expect(saved[0]).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('says why in a toast when the server refuses, and saves nothing', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(400, { error: { code: 'bad_request', message: 'dir must be asc or desc' } }),
    );
    const user = renderButton();
    const button = screen.getByRole('button', { name: 'Export CSV' });
    await user.click(button);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Export Failed', {
        description: 'dir must be asc or desc',
      }),
    );
    expect(saved).toEqual([]);
    expect(toast.success).not.toHaveBeenCalled();
    expect(button.textContent).toBe('Export CSV');
  });
});
