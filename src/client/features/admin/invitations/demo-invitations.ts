import {
  INVITATION_TTL_MS,
  INVITATIONS_LISTED,
  type Invitation,
  type InvitationCreate,
  type InvitationCreated,
} from '@shared/schemas/invitations';
import { pageMemory, randomToken } from '../shared/page-memory';

/**
 * The invitations of demo mode (docs/product/admin-console.md#demo-invitations): the server
 * has no accounts to invite to there (its invitation operations answer 409 `demo_mode`), so the
 * console shows the same flow on a list kept in this page's memory. Nothing is sent to the
 * server, no mail leaves, and the list is gone on reload.
 */

/** Said wherever the simulated flow shows. */
export const DEMO_INVITATIONS_NOTE =
  'Demo: invitations are simulated in this browser tab. No mail is sent and no account is created; the list is gone when the page reloads.';

/** The demo administrator, who sends every simulated invitation. */
const DEMO_INVITER = {
  id: '00000000-0000-4000-8000-00000000d3e0',
  email: 'demo.admin@talentecosystem.demo',
};

const memory = pageMemory<readonly Invitation[]>([]);

/** The simulated invitations, newest first, as the server's list would show them. */
export const useDemoInvitations = memory.use;

/** Refused as the server refuses it: an address with a pending invitation (any case). */
export class DemoInvitationConflict extends Error {}

/** Adds a simulated invitation and answers as POST /api/admin/invitations would. */
export function createDemoInvitation(body: InvitationCreate, now = Date.now()): InvitationCreated {
  const email = body.email.trim();
  const taken = memory
    .get()
    .some((i) => i.status === 'pending' && i.email.toLowerCase() === email.toLowerCase());
  if (taken) {
    throw new DemoInvitationConflict(
      `${email} already has a pending invitation; revoke it first to send a new one`,
    );
  }
  const invitation: Invitation = {
    id: crypto.randomUUID(),
    email,
    full_name: body.full_name ?? null,
    roles: [...body.roles],
    status: 'pending',
    inviter_may_grant: true,
    invited_by: DEMO_INVITER.id,
    invited_by_email: DEMO_INVITER.email,
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + INVITATION_TTL_MS).toISOString(),
    accepted_at: null,
    revoked_at: null,
    revoked_by: null,
  };
  memory.set([invitation, ...memory.get()].slice(0, INVITATIONS_LISTED));
  return {
    invitation,
    link: `${globalThis.location?.origin ?? ''}/auth/invite#token=${randomToken()}`,
  };
}

/** Revokes a pending simulated invitation; one already ended is left as it is. */
export function revokeDemoInvitation(id: string, now = Date.now()): void {
  memory.set(
    memory.get().map((i) =>
      i.id === id && i.status === 'pending'
        ? {
            ...i,
            status: 'revoked',
            inviter_may_grant: null,
            revoked_at: new Date(now).toISOString(),
            revoked_by: DEMO_INVITER.id,
          }
        : i,
    ),
  );
}

/** Empties the list (between tests). */
export function resetDemoInvitations(): void {
  memory.set([]);
}
