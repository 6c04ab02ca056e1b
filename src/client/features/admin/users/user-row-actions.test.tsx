import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlatformRole } from '@shared/constants';
import type { PublicConfig } from '@shared/public-config';
import { setPublicConfig } from '@/lib/public-config';
import { createQueryClient } from '@/lib/query-client';
import { adminUser, jsonResponse } from '@/test/admin-users';
import { RowActions } from './user-row-actions';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const config = (demoMode: boolean): PublicConfig => ({
  demoMode,
  allowSignup: false,
  ecosystemLinks: { home: '/', sortstak: '/', roleBuilder: '/', qrc: '/', talentspark: '/' },
  ssoDemo: null,
});

/** The caller's roles as /api/auth/me answers them; every request is kept. */
function stubMe(roles: PlatformRole[]) {
  const sent: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    sent.push(`${init?.method ?? 'GET'} ${url}`);
    return jsonResponse(200, {
      user: { id: 'u1', email: 'ada@example.com', user_metadata: {}, roles },
      session_id: 's1',
      must_change_password: false,
    });
  });
  return sent;
}

async function openMenu(demoMode: boolean) {
  setPublicConfig(config(demoMode));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RowActions user={adminUser(1)} />
    </QueryClientProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Actions for Person 1' }));
  await screen.findByRole('menuitem', { name: 'Edit user' });
}

const RESET = { name: 'Reset two-step sign-in' };

afterEach(() => vi.unstubAllGlobals());

describe('Reset two-step sign-in in a row’s menu (docs/product/admin-console.md#reset-second-factor)', () => {
  it('is offered to a Super Admin', async () => {
    stubMe(['user', 'super_admin']);
    await openMenu(false);
    expect(await screen.findByRole('menuitem', RESET)).toBeTruthy();
  });

  it('is not offered to a Platform Admin, whom the server refuses', async () => {
    const sent = stubMe(['user', 'platform_admin']);
    await openMenu(false);
    await waitFor(() => expect(sent).toContain('GET /api/auth/me'));
    expect(screen.queryByRole('menuitem', RESET)).toBeNull();
  });

  it('is simulated in demo mode: labelled, and nothing is sent', async () => {
    const sent = stubMe([]);
    await openMenu(true);
    await userEvent.click(await screen.findByRole('menuitem', RESET));
    const dialog = await screen.findByRole('dialog', RESET);
    expect(dialog.textContent).toContain('Demo: the reset is simulated in this browser tab.');
    await userEvent.type(screen.getByLabelText('Reason'), 'Lost their phone');
    await userEvent.click(screen.getByRole('button', RESET));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('Two-step sign-in reset', {
      description: 'Demo: nothing was sent to the server.',
    });
    expect(sent).toEqual([]);
  });
});
