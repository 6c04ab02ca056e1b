import type { PlatformRole } from '@shared/constants';
import { ROLES_OF, type Access } from '../http/define-route';

/**
 * Who may call what: every API operation × every kind of caller → the status a
 * valid request gets. The single source of truth for tests/system/permission-matrix.test.ts
 * (which checks every cell against the app) and for the table in
 * docs/permissions.md
 * (`npm run docs:permissions` writes it; a test fails when they differ).
 *
 * Adding an operation is adding its line; the test fails until every operation
 * of /api/openapi.json has one, and until the line agrees with the access the
 * operation declares (accessDisagreements).
 */
export const CALLERS = [
  'none',
  'malformed token',
  'unknown token',
  'demo token, demo mode on',
  'demo token, demo mode off',
  'expired session',
  'revoked session',
  'inactive account',
  'user',
  'platform_admin',
  'super_admin',
] as const;
export type CallerKind = (typeof CALLERS)[number];

/** Short column titles for the README. */
const HEADINGS: Record<CallerKind, string> = {
  none: 'none',
  'malformed token': 'malformed',
  'unknown token': 'unknown',
  'demo token, demo mode on': 'demo on',
  'demo token, demo mode off': 'demo off',
  'expired session': 'expired',
  'revoked session': 'revoked',
  'inactive account': 'inactive',
  user: 'user',
  platform_admin: 'platform_admin',
  super_admin: 'super_admin',
};

type Statuses = readonly [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

// prettier-ignore
export const PERMISSION_MATRIX: Readonly<Record<string, Statuses>> = {
  //                                                  none mal. unkn demo+ demo- exp. rev. inact user p_adm s_adm
  'GET /api/health':                                  [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/config':                                  [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/sign-in':                           [200, 200, 200, 409, 200, 200, 200, 403, 200, 200, 200],
  'POST /api/auth/sign-up':                           [202, 202, 202, 409, 202, 202, 202, 202, 202, 202, 202],
  'POST /api/auth/verify':                            [200, 200, 200, 409, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/refresh':                           [200, 200, 200, 409, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/sign-out':                          [401, 401, 401, 409, 401, 401, 401, 401, 204, 204, 204],
  'GET /api/auth/me':                                 [401, 401, 401, 409, 401, 401, 401, 401, 200, 200, 200],
  'POST /api/auth/password':                          [401, 401, 401, 409, 401, 401, 401, 401, 200, 200, 200],
  'POST /api/auth/sign-in/second-factor':             [200, 200, 200, 409, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/auth/mfa':                                [401, 401, 401, 409, 401, 401, 401, 401, 200, 200, 200],
  'POST /api/auth/mfa/totp':                          [401, 401, 401, 409, 401, 401, 401, 401, 200, 200, 200],
  'POST /api/auth/mfa/totp/confirm':                  [401, 401, 401, 409, 401, 401, 401, 401, 200, 200, 200],
  'POST /api/auth/mfa/totp/remove':                   [401, 401, 401, 409, 401, 401, 401, 401, 204, 204, 204],
  'POST /api/auth/mfa/recovery-codes':                [401, 401, 401, 409, 401, 401, 401, 401, 200, 200, 200],
  'GET /api/auth/passkeys':                           [401, 401, 401, 409, 401, 401, 401, 401, 200, 200, 200],
  'POST /api/auth/passkeys/registration-options':     [401, 401, 401, 409, 401, 401, 401, 401, 200, 200, 200],
  'POST /api/auth/passkeys':                          [401, 401, 401, 409, 401, 401, 401, 401, 201, 201, 201],
  'PATCH /api/auth/passkeys/{id}':                    [401, 401, 401, 409, 401, 401, 401, 401, 200, 200, 200],
  'POST /api/auth/passkeys/confirmation-options':     [401, 401, 401, 409, 401, 401, 401, 401, 200, 200, 200],
  'POST /api/auth/passkeys/{id}/remove':              [401, 401, 401, 409, 401, 401, 401, 401, 204, 204, 204],
  'POST /api/auth/step-up/passkey-options':            [401, 401, 401, 409, 401, 401, 401, 401, 200, 200, 200],
  'POST /api/auth/step-up':                            [401, 401, 401, 409, 401, 401, 401, 401, 200, 200, 200],
  'GET /api/admin/settings/second-factor-policy':      [401, 401, 401, 409, 401, 401, 401, 401, 403, 200, 200],
  'PUT /api/admin/settings/second-factor-policy':      [401, 401, 401, 409, 401, 401, 401, 401, 403, 403, 200],
  'POST /api/admin/users/{id}/reset-second-factor':    [401, 401, 401, 409, 401, 401, 401, 401, 403, 403, 200],
  'GET /api/admin/audit/sinks':                        [401, 401, 401, 409, 401, 401, 401, 401, 403, 403, 200],
  'POST /api/admin/audit/sinks':                       [401, 401, 401, 409, 401, 401, 401, 401, 403, 403, 201],
  'PATCH /api/admin/audit/sinks/{id}':                 [401, 401, 401, 409, 401, 401, 401, 401, 403, 403, 200],
  'DELETE /api/admin/audit/sinks/{id}':                [401, 401, 401, 409, 401, 401, 401, 401, 403, 403, 204],
  'POST /api/admin/audit/sinks/{id}/rotate-secret':    [401, 401, 401, 409, 401, 401, 401, 401, 403, 403, 200],
  'POST /api/admin/audit/sinks/{id}/resume':           [401, 401, 401, 409, 401, 401, 401, 401, 403, 403, 200],
  'POST /api/admin/audit/sinks/{id}/test':             [401, 401, 401, 409, 401, 401, 401, 401, 403, 403, 200],
  'POST /api/auth/sign-in/passkey/options':           [200, 200, 200, 409, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/sign-in/passkey':                   [200, 200, 200, 409, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/sign-in/second-factor/passkey-options': [200, 200, 200, 409, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/sign-in/second-factor/passkey':     [200, 200, 200, 409, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/sso/applications':                        [401, 401, 401, 200, 401, 401, 401, 401, 200, 200, 200],
  // Retired in production mode (docs/api/sign-on.md): only demo mode's simulated step answers.
  'POST /api/sso/initiate':                           [401, 401, 401, 201, 401, 401, 401, 401, 404, 404, 404],
  'POST /api/sso/exchange':                           [401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401],
  'GET /api/oidc/interactions/{uid}':                 [401, 401, 401, 404, 401, 401, 401, 401, 404, 404, 404],
  'POST /api/oidc/interactions/{uid}':                [401, 401, 401, 404, 401, 401, 401, 401, 404, 404, 404],
  'PUT /api/admin/apps/{id}/oidc-client':             [401, 401, 401, 200, 401, 401, 401, 401, 403, 403, 200],
  'DELETE /api/admin/apps/{id}/oidc-client':          [401, 401, 401, 200, 401, 401, 401, 401, 403, 403, 200],
  'GET /api/oidc/consents':                           [401, 401, 401, 404, 401, 401, 401, 401, 200, 200, 200],
  'DELETE /api/oidc/consents/{id}':                   [401, 401, 401, 404, 401, 401, 401, 401, 204, 204, 204],
  'GET /api/admin/apps':                              [401, 401, 401, 200, 401, 401, 401, 401, 403, 200, 200],
  'GET /api/admin/sessions':                          [401, 401, 401, 200, 401, 401, 401, 401, 403, 200, 200],
  'DELETE /api/admin/sessions/{id}':                  [401, 401, 401, 404, 401, 401, 401, 401, 403, 200, 200],
  'POST /api/admin/sessions/revoke-others':           [401, 401, 401, 200, 401, 401, 401, 401, 403, 200, 200],
  'GET /api/admin/credential-requests':               [401, 401, 401, 200, 401, 401, 401, 401, 403, 200, 200],
  'POST /api/admin/credential-requests':              [401, 401, 401, 201, 401, 401, 401, 401, 403, 201, 201],
  'POST /api/admin/credential-requests/{id}/approve': [401, 401, 401, 200, 401, 401, 401, 401, 403, 403, 200],
  'POST /api/admin/credential-requests/{id}/deny':    [401, 401, 401, 200, 401, 401, 401, 401, 403, 403, 200],
  'POST /api/admin/credential-grants':                [401, 401, 401, 201, 401, 401, 401, 401, 403, 201, 201],
  'GET /api/admin/credential-grants/active':          [401, 401, 401, 200, 401, 401, 401, 401, 403, 200, 200],
  'POST /api/admin/credential-grants/{id}/revoke':    [401, 401, 401, 200, 401, 401, 401, 401, 403, 403, 200],
  'GET /api/admin/audit':                             [401, 401, 401, 200, 401, 401, 401, 401, 403, 200, 200],
  'GET /api/admin/audit/export':                      [401, 401, 401, 200, 401, 401, 401, 401, 403, 200, 200],
  'GET /api/admin/audit/exports/{id}/manifest':       [401, 401, 401, 200, 401, 401, 401, 401, 403, 200, 200],
  'GET /api/admin/audit/stream':                      [401, 401, 401, 200, 401, 401, 401, 401, 403, 200, 200],
  'GET /api/admin/audit/verify':                      [401, 401, 401, 200, 401, 401, 401, 401, 403, 200, 200],
  'GET /api/admin/summary':                           [401, 401, 401, 200, 401, 401, 401, 401, 403, 200, 200],
  'GET /api/admin/analytics':                         [401, 401, 401, 200, 401, 401, 401, 401, 403, 200, 200],
  'POST /api/setup/system-admins':                    [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/setup/clear-all-users':                  [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/setup/cleanup-all-users':                [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/setup/mail-outbox':                      [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/setup/mail-outbox/sent':                 [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/admin/users':                             [401, 401, 401, 200, 401, 401, 401, 401, 403, 200, 200],
  'GET /api/admin/users/facets':                      [401, 401, 401, 200, 401, 401, 401, 401, 403, 200, 200],
  'PATCH /api/admin/users/{id}':                      [401, 401, 401, 200, 401, 401, 401, 401, 403, 200, 200],
  'GET /api/admin/users/{id}/roles':                  [401, 401, 401, 200, 401, 401, 401, 401, 403, 200, 200],
  'PUT /api/admin/users/{id}/roles':                  [401, 401, 401, 200, 401, 401, 401, 401, 403, 200, 200],
  'POST /api/admin/users/bulk':                       [401, 401, 401, 200, 401, 401, 401, 401, 403, 200, 200],
  'GET /api/admin/users/export':                      [401, 401, 401, 200, 401, 401, 401, 401, 403, 200, 200],
  'POST /api/admin/invitations':                      [401, 401, 401, 409, 401, 401, 401, 401, 403, 201, 201],
  'GET /api/admin/invitations':                       [401, 401, 401, 409, 401, 401, 401, 401, 403, 200, 200],
  'DELETE /api/admin/invitations/{id}':               [401, 401, 401, 409, 401, 401, 401, 401, 403, 200, 200],
  'POST /api/invitations/inspect':                    [200, 200, 200, 409, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/invitations/accept':                     [201, 201, 201, 409, 201, 201, 201, 201, 201, 201, 201],
  'POST /api/audit/events':                           [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/audit/public-key':                        [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/audit/checkpoints':                       [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
};

/**
 * The same operations aimed at an account that holds super_admin: any change
 * to such an account (profile, activation, any role) needs super_admin.
 */
// prettier-ignore
export const SUPER_ADMIN_TARGET_MATRIX: Readonly<Record<string, Statuses>> = {
  //                                                  none mal. unkn demo+ demo- exp. rev. inact user p_adm s_adm
  'PATCH /api/admin/users/{id}':                      [401, 401, 401, 200, 401, 401, 401, 401, 403, 403, 200],
  'PUT /api/admin/users/{id}/roles':                  [401, 401, 401, 200, 401, 401, 401, 401, 403, 403, 200],
};

/** The roles each column's caller holds, or null when it has no live session. */
const ROLES_OF_CALLER: Record<CallerKind, readonly PlatformRole[] | null> = {
  none: null,
  'malformed token': null,
  'unknown token': null,
  'demo token, demo mode on': ['user', 'platform_admin', 'super_admin'],
  'demo token, demo mode off': null,
  'expired session': null,
  'revoked session': null,
  'inactive account': null,
  user: ['user'],
  platform_admin: ['user', 'platform_admin'],
  super_admin: ['user', 'super_admin'],
};

/**
 * Where a row disagrees with the operation's declared access (defineRoute):
 * callers without a live session get 401 and callers without the role 403
 * from a signed-in operation; a caller it admits is never answered 401 (a
 * 403 may still come from a rule about the target, such as whose grant it
 * is). No caller of the matrix holds an application key, and the setup key
 * is in the body, so who calls changes nothing there.
 */
export function accessDisagreements(key: string, access: Access, row: Statuses): string[] {
  const out: string[] = [];
  const expect = (i: number, ok: (status: number) => boolean, what: string) => {
    if (!ok(row[i]!)) out.push(`${key} × ${CALLERS[i]}: ${what} for ${access}, row says ${row[i]}`);
  };
  for (const [i, caller] of CALLERS.entries()) {
    const roles = ROLES_OF_CALLER[caller];
    switch (access) {
      case 'anonymous':
        expect(i, (s) => s !== 401, 'not 401');
        break;
      case 'setup_key':
        expect(i, (s) => s === row[0], `${row[0]} as for every caller`);
        break;
      case 'application_key':
        expect(i, (s) => s === 401, '401');
        break;
      default: {
        const needed = ROLES_OF[access];
        if (!roles) expect(i, (s) => s === 401, '401');
        else if (needed.length > 0 && !roles.some((r) => needed.includes(r))) {
          expect(i, (s) => s === 403, '403');
        } else expect(i, (s) => s !== 401, 'not 401');
      }
    }
  }
  return out;
}

/** How the README names a row of SUPER_ADMIN_TARGET_MATRIX. */
const SUPER_ADMIN_TARGET_SUFFIX = ' on a super_admin';

const README_MARKERS = {
  start: '<!-- permission-matrix:start (npm run docs:permissions writes this table) -->',
  end: '<!-- permission-matrix:end -->',
} as const;

/** The matrix as a Markdown table, as the README shows it. */
function permissionTableMarkdown(): string {
  const header = ['operation', ...CALLERS.map((c) => HEADINGS[c])];
  const rows = [
    ...Object.entries(PERMISSION_MATRIX).map(([op, statuses]) => [
      `\`${op}\``,
      ...statuses.map(String),
    ]),
    ...Object.entries(SUPER_ADMIN_TARGET_MATRIX).map(([op, statuses]) => [
      `\`${op}\`${SUPER_ADMIN_TARGET_SUFFIX}`,
      ...statuses.map(String),
    ]),
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** The document (docs/permissions.md) with its table replaced by the matrix's. */
export function withPermissionTable(readme: string): string {
  const start = readme.indexOf(README_MARKERS.start);
  const end = readme.indexOf(README_MARKERS.end);
  if (start < 0 || end < start) {
    throw new Error(
      `docs/permissions.md has no ${README_MARKERS.start} … ${README_MARKERS.end} block`,
    );
  }
  return `${readme.slice(0, start + README_MARKERS.start.length)}\n\n${permissionTableMarkdown()}\n\n${readme.slice(end)}`;
}
