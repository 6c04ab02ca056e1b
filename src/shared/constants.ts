/** Business constants (docs/product) and the role catalogue (docs/product/admin-console.md#roles), shared by client and server. */

export const PLATFORM_ROLES = ['user', 'platform_admin', 'super_admin'] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

export const ROLE_DESCRIPTIONS: Record<PlatformRole, string> = {
  user: 'Basic platform access',
  platform_admin: 'Administrative access to platform features',
  super_admin: 'Full system access and control',
};

/** Roles that may use the admin API (docs/product/admin-console.md#who-may). */
export const ADMIN_ROLES: readonly PlatformRole[] = ['platform_admin', 'super_admin'];

export const PERSONAS = ['recruiter', 'talent', 'investor'] as const;
export type Persona = (typeof PERSONAS)[number];
export const DEFAULT_PERSONA: Persona = 'recruiter';

export const CREDENTIAL_TYPES = ['api_key', 'webhook_secret'] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

export const APPROVAL_STATUSES = ['pending', 'approved', 'denied'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const TIMINGS = {
  mockLoginDelayMs: 1000,
  demoRedirectDelayMs: 2000,
  consoleAuditFlushMs: 30_000,
  startupAuditFlushMs: 5000,
  startupAuditMaxQueue: 50,
} as const;

export const LIMITS = {
  sessionsListed: 5,
  tokenHashShown: 16,
  sessionIdShown: 8,
  timeLimitMinMinutes: 5,
  timeLimitMaxMinutes: 120,
  timeLimitDefaultMinutes: 30,
  minJustificationAuditTab: 15,
  systemAdminCount: 3,
} as const;

/** Demo bearer tokens minted by the mock sign-in (docs/product/sign-in.md#mock-behaviour). */
export const DEMO_TOKEN_PATTERN = /^demo-token-\d{1,16}$/;

/** The one name of the demo account: the mock sign-in's user and the server's demo administrator. */
export const DEMO_ACCOUNT_NAME = 'Demo User';
