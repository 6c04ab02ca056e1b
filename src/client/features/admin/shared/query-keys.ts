import type { AuditFilter } from '@shared/schemas/audit-trail';

/** A users list view as a plain object (the users folder owns its shape). */
type UsersListKey = Readonly<Record<string, unknown>>;
type UsersFacetsKey = Readonly<Record<string, unknown>>;

/**
 * Every query key of the console, in one namespace: the first element is
 * always 'admin' and the second names the resource, so invalidating
 * `adminKeys.all` refreshes the whole console and invalidating a resource's
 * `all` refreshes every view of that resource and nothing else.
 */
const ADMIN = 'admin';

export const adminKeys = {
  all: [ADMIN] as const,
  users: {
    all: [ADMIN, 'users'] as const,
    /** One view of the list: its search, filters and order. */
    list: (view: UsersListKey) => [ADMIN, 'users', 'list', view] as const,
    /** The facet counts of one search and filter. */
    facets: (filter: UsersFacetsKey) => [ADMIN, 'users', 'facets', filter] as const,
    /** The command palette's user search (docs/product/public-site.md#command-palette). */
    lookup: (q: string) => [ADMIN, 'users', 'lookup', { q }] as const,
    roles: (id: string) => [ADMIN, 'users', 'roles', id] as const,
  },
  invitations: {
    all: [ADMIN, 'invitations'] as const,
  },
  applications: {
    all: [ADMIN, 'applications'] as const,
  },
  sessions: {
    all: [ADMIN, 'sessions'] as const,
  },
  credentialRequests: {
    all: [ADMIN, 'credential-requests'] as const,
  },
  settings: {
    all: [ADMIN, 'settings'] as const,
    secondFactorPolicy: [ADMIN, 'settings', 'second-factor-policy'] as const,
  },
  credentialGrants: {
    all: [ADMIN, 'credential-grants'] as const,
    active: [ADMIN, 'credential-grants', 'active'] as const,
  },
  auditTrail: {
    all: [ADMIN, 'audit-trail'] as const,
    events: (filter: AuditFilter) => [ADMIN, 'audit-trail', 'events', filter] as const,
    verification: [ADMIN, 'audit-trail', 'verification'] as const,
  },
  auditSinks: {
    all: [ADMIN, 'audit-sinks'] as const,
  },
  insights: {
    all: [ADMIN, 'insights'] as const,
    summary: [ADMIN, 'insights', 'summary'] as const,
    analytics: (from: string, to: string) =>
      [ADMIN, 'insights', 'analytics', { from, to }] as const,
  },
};
