/**
 * Event types the server writes to the audit trail. The first comes from
 * docs/product/audit-trail.md#audit-types; the others follow its dotted naming.
 */
export const AUDIT_EVENTS = {
  credentialRequested: 'admin.credential.access.requested',
  credentialRequestRefused: 'admin.credential.access.request_refused',
  credentialApproved: 'admin.credential.access.approved',
  credentialDenied: 'admin.credential.access.denied',
  credentialReviewRefused: 'admin.credential.review.refused',
  grantGranted: 'admin.credential.grant.granted',
  grantDenied: 'admin.credential.grant.denied',
  grantRevoked: 'admin.credential.grant.revoked',
  grantExpired: 'admin.credential.grant.expired',
  auditExported: 'admin.audit.exported',
  usersBulkChanged: 'admin.users.bulk_changed',
  usersExported: 'admin.users.exported',
  systemAdminCreated: 'system.admin.created',
  usersCleared: 'system.users.cleared',
  usersCleanedUp: 'system.users.cleanup',
  demoAdminRestored: 'system.demo_admin.restored',
  setupKeyRefused: 'system.setup.key_refused',
  setupRateLimited: 'system.setup.rate_limited',
  signInSuccess: 'auth.signin.success',
  signInFailure: 'auth.signin.failure',
  signUpSuccess: 'auth.signup.success',
  signUpFailure: 'auth.signup.failure',
  signOut: 'auth.signout',
  rateLimited: 'auth.rate_limited',
  passwordChanged: 'auth.password.changed',
  sessionRevoked: 'auth.session.revoked',
  otherSessionsRevoked: 'auth.sessions.others_revoked',
  refreshTokenReused: 'auth.refresh_token.reused',
} as const;
