import { eq } from 'drizzle-orm';
import type { Account } from 'oidc-provider';
import type { AppDeps } from '../core/context';
import { platformUsers } from '../db/schema';
import { activeRoles } from '../security/principal';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which claims each scope releases; `sub` is the account's id, stable for its life. */
export const OIDC_CLAIMS = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name'],
  roles: ['roles'],
};

/**
 * The account behind a token, read afresh at every use: a deactivated or removed account has
 * none, so its codes, refresh tokens and userinfo calls are refused from that moment.
 */
export async function findOidcAccount(deps: AppDeps, sub: string): Promise<Account | undefined> {
  if (!UUID.test(sub)) return undefined;
  const [user] = await deps.db.select().from(platformUsers).where(eq(platformUsers.id, sub));
  if (!user || !user.isActive) return undefined;
  return {
    accountId: user.id,
    async claims() {
      const roles = await activeRoles(deps.db, user.id, deps.now());
      return {
        sub: user.id,
        email: user.email,
        // Accounts exist only once their address is verified (sign-up, invitation or setup).
        email_verified: true,
        name: user.fullName ?? undefined,
        roles,
      };
    },
  };
}
