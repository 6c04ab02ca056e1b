/** Query keys of the credential screens; every key starts with 'admin'. */
export const credentialKeys = {
  apps: ['admin', 'apps'] as const,
  sessions: ['admin', 'sessions'] as const,
  requests: ['admin', 'credential-requests'] as const,
  activeGrants: ['admin', 'credential-grants', 'active'] as const,
  audit: ['admin', 'audit'] as const,
};
