import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlatformRole } from '@shared/constants';
import { createQueryClient } from '@/lib/query-client';
import { adminUser, jsonResponse } from '@/test/admin-users';
import { ManageRolesDialog } from './manage-roles-dialog';

const USER = adminUser(7, { email: 'jonas@example.com', full_name: 'Jonas' });

const json = jsonResponse;

/**
 * A server holding the user's roles whose PUT fails: `unavailable` answers 503
 * and changes nothing; `lost-answer` applies the change, then the connection drops.
 */
function stubServer(put: 'unavailable' | 'lost-answer') {
  const server = { roles: ['user'] as PlatformRole[], puts: 0 };
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      server.puts += 1;
      if (put === 'unavailable') {
        return json(503, { error: { code: 'unavailable', message: 'Try again later' } });
      }
      const { changes } = JSON.parse(String(init.body)) as {
        changes: Partial<Record<PlatformRole, boolean>>;
      };
      server.roles = (['user', 'platform_admin', 'super_admin'] as const).filter(
        (r) => changes[r] ?? server.roles.includes(r),
      );
      throw new TypeError('Failed to fetch');
    }
    return json(200, { user_id: USER.id, records: [], roles: server.roles });
  });
  return server;
}

async function toggleAdminAndSave() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ManageRolesDialog user={USER} />
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Manage roles of Jonas' }));
  await user.click(await screen.findByRole('switch', { name: 'Platform Admin' }));
  expect(adminSwitch()).toBe('true');
  await user.click(screen.getByRole('button', { name: 'Save roles' }));
}

const adminSwitch = () =>
  screen.getByRole('switch', { name: 'Platform Admin' }).getAttribute('aria-checked');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Manage roles after a failed save', () => {
  it('puts the switch back when the server changed nothing', async () => {
    const server = stubServer('unavailable');
    await toggleAdminAndSave();
    await waitFor(() => expect(adminSwitch()).toBe('false'));
    expect(server.puts).toBe(1);
    expect(screen.getByRole('button', { name: 'Save roles' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the role the server granted when only the answer was lost', async () => {
    const server = stubServer('lost-answer');
    await toggleAdminAndSave();
    await waitFor(() => expect(server.roles).toContain('platform_admin'));
    // Re-read from the server: the switch stays on, and there is nothing left to save.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save roles' }).hasAttribute('disabled')).toBe(
        true,
      ),
    );
    expect(adminSwitch()).toBe('true');
  });
});
