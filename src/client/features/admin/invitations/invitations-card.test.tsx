import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlatformRole } from '@shared/constants';
import type { Invitation } from '@shared/schemas/invitations';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse } from '@/test/admin-users';
import { InvitationsCard, INVITER_MAY_NOT_GRANT } from './invitations-card';
import { resetDemoInvitations } from './demo-invitations';
import { DEMO_LINK_NOTE, InviteUserDialog, LINK_SHOWN_ONCE } from './invite-user-dialog';

const invitation = (n: number, overrides: Partial<Invitation> = {}): Invitation => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  email: `invitee${n}@example.com`,
  full_name: null,
  roles: ['user'],
  status: 'pending',
  invited_by: '00000000-0000-4000-8000-000000000099',
  invited_by_email: 'admin@example.com',
  created_at: '2026-06-01T12:00:00.000Z',
  expires_at: '2026-06-04T12:00:00.000Z',
  accepted_at: null,
  revoked_at: null,
  revoked_by: null,
  ...overrides,
  // As the server answers: said of a pending invitation only.
  inviter_may_grant:
    overrides.inviter_may_grant ?? ((overrides.status ?? 'pending') === 'pending' ? true : null),
});

const LINK =
  'https://console.example/auth/invite#token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

type Sent = { method: string; url: string; body: unknown };

/** A server with these invitations, the caller's roles, and what it was sent. */
function stubServer(
  invitations: Invitation[],
  options: { roles?: PlatformRole[]; create?: 'ok' | 'taken' } = {},
) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, url, body });
    if (url.startsWith('/api/auth/me')) {
      return jsonResponse(200, {
        user: {
          id: '00000000-0000-4000-8000-000000000099',
          email: 'admin@example.com',
          user_metadata: { full_name: 'Admin' },
          roles: options.roles ?? ['user', 'super_admin'],
        },
        session_id: '00000000-0000-4000-8000-000000000098',
        must_change_password: false,
      });
    }
    if (method === 'POST') {
      if (options.create === 'taken') {
        return jsonResponse(409, {
          error: {
            code: 'conflict',
            message: `An account with the email ${body.email} already exists`,
          },
        });
      }
      return jsonResponse(201, {
        invitation: invitation(50, { email: body.email, roles: body.roles }),
        link: LINK,
      });
    }
    if (method === 'DELETE') {
      const id = url.split('/').pop()!;
      return jsonResponse(200, invitation(1, { id, status: 'revoked' }));
    }
    return jsonResponse(200, { invitations });
  });
  return sent;
}

/** The tab's two parts: Invite user (in the users toolbar) and the card of invitations. */
function renderCard({ demo = false }: { demo?: boolean } = {}) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <InviteUserDialog demo={demo} />
      <InvitationsCard demo={demo} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetDemoInvitations();
});

describe('Invitations card', () => {
  it('lists each invitation with its status, and offers Revoke only while pending', async () => {
    stubServer([
      invitation(1, { full_name: 'Ada Pending', roles: ['user', 'platform_admin'] }),
      invitation(2, { status: 'accepted', accepted_at: '2026-06-02T09:00:00.000Z' }),
      invitation(3, { status: 'revoked', revoked_at: '2026-06-02T10:00:00.000Z' }),
      invitation(4, { status: 'expired' }),
    ]);
    renderCard();
    const table = await screen.findByRole('table', { name: 'Invitations' });
    const row = (n: number) =>
      within(table).getByText(`invitee${n}@example.com`).closest('tr') as HTMLElement;
    expect(within(row(1)).getByText('Pending')).toBeTruthy();
    expect(within(row(1)).getByText('Platform Admin')).toBeTruthy();
    expect(within(row(1)).getByText('Ada Pending')).toBeTruthy();
    expect(within(row(2)).getByText('Accepted')).toBeTruthy();
    expect(within(row(2)).getByText(/^Accepted Jun 2, 2026/)).toBeTruthy();
    expect(within(row(3)).getByText('Revoked')).toBeTruthy();
    expect(within(row(4)).getByText('Expired')).toBeTruthy();
    expect(
      screen
        .getAllByRole('button', { name: /^Revoke the invitation of / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Revoke the invitation of invitee1@example.com']);
  });

  it('says when a pending link is refused because its inviter can no longer grant, and offers Revoke', async () => {
    stubServer([invitation(1), invitation(2, { inviter_may_grant: false })]);
    renderCard();
    const table = await screen.findByRole('table', { name: 'Invitations' });
    const row = (n: number) =>
      within(table).getByText(`invitee${n}@example.com`).closest('tr') as HTMLElement;
    expect(within(row(2)).getByText(INVITER_MAY_NOT_GRANT)).toBeTruthy();
    expect(within(row(1)).queryByText(INVITER_MAY_NOT_GRANT)).toBeNull();
    expect(
      within(row(2)).getByRole('button', { name: 'Revoke the invitation of invitee2@example.com' }),
    ).toBeTruthy();
  });

  it('says when there are none', async () => {
    stubServer([]);
    renderCard();
    expect(await screen.findByText('No invitations yet')).toBeTruthy();
  });

  it('shows an error with a retry when the list cannot be read', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(403, { error: { code: 'forbidden', message: 'Administrator role required' } }),
    );
    renderCard();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('revokes a pending invitation after a confirmation', async () => {
    const sent = stubServer([invitation(1)]);
    renderCard();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Revoke the invitation of invitee1@example.com' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke this invitation?' });
    expect(within(dialog).getByText(/invitee1@example\.com stops working at once/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke Invitation' }));
    await waitFor(() =>
      expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.url)).toEqual([
        `/api/admin/invitations/${invitation(1).id}`,
      ]),
    );
  });
});

describe('Invite user', () => {
  it('sends the email, name and roles, then shows the link once with Copy', async () => {
    const sent = stubServer([]);
    renderCard();
    // user-event puts a clipboard of its own on navigator.
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText('Email'), 'new.person@example.com');
    await user.type(within(dialog).getByLabelText('Full name (optional)'), 'New Person');
    // User is chosen already; add Platform Admin.
    expect(
      within(dialog).getByRole('checkbox', { name: 'User' }).getAttribute('aria-checked'),
    ).toBe('true');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Platform Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create invitation' }));

    const shown = await screen.findByRole('dialog', { name: 'Invitation link' });
    expect(sent.find((s) => s.method === 'POST')!.body).toEqual({
      email: 'new.person@example.com',
      full_name: 'New Person',
      roles: ['user', 'platform_admin'],
    });
    expect((within(shown).getByLabelText('Invitation link') as HTMLInputElement).value).toBe(LINK);
    expect(within(shown).getByText(LINK_SHOWN_ONCE)).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(within(shown).getByRole('button', { name: 'Copied' })).toBeTruthy();

    // Closed, the link is gone: the next opening starts a new invitation.
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    expect(screen.getByRole('dialog', { name: 'Invite user' })).toBeTruthy();
    expect(screen.queryByText(LINK_SHOWN_ONCE)).toBeNull();
  });

  it('asks for a role and a valid address before sending anything', async () => {
    const sent = stubServer([]);
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText('Email'), 'not an address');
    await user.click(within(dialog).getByRole('checkbox', { name: 'User' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create invitation' }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one role')).toBeTruthy();
    expect(
      within(dialog).getByRole('group', { name: 'Roles' }).getAttribute('aria-describedby'),
    ).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
  });

  it('shows the server’s refusal of a taken address on the email field', async () => {
    stubServer([], { create: 'taken' });
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText('Email'), 'taken@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create invitation' }));
    const email = within(dialog).getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(
      within(dialog).getByText('An account with the email taken@example.com already exists'),
    ).toBeTruthy();
  });

  it('offers super_admin only to a super administrator', async () => {
    stubServer([], { roles: ['user', 'platform_admin'] });
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const superAdmin = await screen.findByRole('checkbox', { name: 'Super Admin' });
    await waitFor(() => expect(superAdmin.hasAttribute('disabled')).toBe(true));
    expect(superAdmin.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Only a super administrator can invite with this role/)).toBeTruthy();
  });
});

describe('Invitations in demo mode', () => {
  it('simulates inviting and revoking in the page, labelled, without a request for invitations', async () => {
    const sent = stubServer([invitation(1)]);
    renderCard({ demo: true });
    const user = userEvent.setup();
    // The server's list is not read: the simulated one starts empty, and says what it is.
    expect(await screen.findByText('No invitations yet')).toBeTruthy();
    expect(screen.getByText(/Demo: invitations are simulated in this browser tab/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite user' });
    expect(within(dialog).getByRole('note').textContent).toMatch(/No mail is sent/);
    await user.type(within(dialog).getByLabelText('Email'), 'Visitor@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create invitation' }));
    const shown = await screen.findByRole('dialog', { name: 'Invitation link' });
    const link = (within(shown).getByLabelText('Invitation link') as HTMLInputElement).value;
    expect(link).toMatch(/\/auth\/invite#token=[\w-]{43}$/);
    expect(within(shown).getByText(DEMO_LINK_NOTE)).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));

    const table = await screen.findByRole('table', { name: 'Invitations' });
    const row = within(table).getByText('Visitor@Example.com').closest('tr') as HTMLElement;
    expect(within(row).getByText('Pending')).toBeTruthy();

    // The same address again, in another case: refused on the email field, as the server does.
    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const again = screen.getByRole('dialog', { name: 'Invite user' });
    await user.type(within(again).getByLabelText('Email'), 'visitor@example.com');
    await user.click(within(again).getByRole('button', { name: 'Create invitation' }));
    expect(await within(again).findByText(/already has a pending invitation/)).toBeTruthy();
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));

    await user.click(
      within(row).getByRole('button', { name: 'Revoke the invitation of Visitor@Example.com' }),
    );
    const confirm = screen.getByRole('alertdialog', { name: 'Revoke this invitation?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke Invitation' }));
    await waitFor(() => expect(within(row).getByText('Revoked')).toBeTruthy());

    expect(sent.filter((s) => s.url.startsWith('/api/admin/invitations'))).toEqual([]);
  });
});

describe('Revoke', () => {
  it('confirms with the destructive button', async () => {
    stubServer([invitation(1)]);
    renderCard();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Revoke the invitation of invitee1@example.com' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke this invitation?' });
    const confirm = within(dialog).getByRole('button', { name: 'Revoke Invitation' });
    expect(confirm.className).toContain('bg-rose-600');
    expect(confirm.className).not.toContain('bg-indigo-600');
  });
});
