import type { AdminUser } from '@shared/schemas/users';

/** User number `n` as the users API answers it: active, with the user role, never signed in. */
export const adminUser = (n: number, overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  email: `person${n}@example.com`,
  full_name: `Person ${n}`,
  organization: null,
  department: null,
  is_active: true,
  created_at: '2026-01-01T00:00:00.000Z',
  last_login_at: null,
  roles: ['user'],
  ...overrides,
});

/** A JSON answer for a stubbed fetch. */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
