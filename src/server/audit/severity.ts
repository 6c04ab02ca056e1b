import { ADMIN_ROLES, type PlatformRole } from '@shared/constants';

/**
 * What a change's severity says (docs/product/audit-trail.md#severity): high for a change of the
 * security posture, medium for refusals and other account changes, low for the routine.
 */
export type ChangeSeverity = 'high' | 'medium';

/** Granting, revoking or inviting with an administrator's role is high; the plain user role, medium. */
export function roleChangeSeverity(roles: readonly PlatformRole[]): ChangeSeverity {
  return roles.some((role) => ADMIN_ROLES.includes(role)) ? 'high' : 'medium';
}

/**
 * Deactivating an account locks its holder out and ends their sessions: high. Every other edit
 * of an account (a name, an email, an organization, a reactivation) is medium.
 */
export function accountChangeSeverity(changes: {
  is_active?: { from: unknown; to: unknown };
}): ChangeSeverity {
  return changes.is_active?.to === false ? 'high' : 'medium';
}

/**
 * The OpenID Provider's events: the routine steps of a sign-on are low, a refused request medium,
 * a replayed code or refresh token high (someone holds a token they should not: the grant behind it
 * is revoked), and a change of a client's registration high (admin.oidc_client.changed, and
 * admin.oidc_client.removed).
 */
export const OIDC_EVENT_SEVERITY = {
  'oidc.authorization.granted': 'low',
  'oidc.authorization.refused': 'medium',
  'oidc.token.issued': 'low',
  'oidc.token.refreshed': 'low',
  'oidc.token.refused': 'medium',
  'oidc.code.reused': 'high',
  'oidc.refresh_token.reused': 'high',
  'oidc.token.revoked': 'low',
  'oidc.signout': 'low',
  'oidc.consent.given': 'low',
  'oidc.consent.withdrawn': 'low',
  'oidc.authorization.declined': 'low',
  'oidc.sessions.ended': 'low',
  'oidc.backchannel_logout.delivered': 'low',
  // An application did not hear that the person signed out: it may keep them signed in.
  'oidc.backchannel_logout.failed': 'medium',
} as const;

export type OidcEventType = keyof typeof OIDC_EVENT_SEVERITY;
