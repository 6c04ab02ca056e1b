import { api, apiResponse, type ApiMethod, type ApiPath } from '@/lib/api';
import type { paths } from '@/lib/api-schema';

/** "PATCH /api/admin/users/{id}": one for each operation of the API contract. */
export type ApiOperationKey = {
  [P in keyof paths]: {
    [M in ApiMethod]: P extends ApiPath<M> ? `${M} ${P}` : never;
  }[ApiMethod];
}[keyof paths];

const id = '00000000-0000-4000-8000-000000000001';
const key = 'the operator typed this confirmation key';
const assertion = {
  id: 'credential',
  rawId: 'credential',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};

/**
 * A typed call of every operation of the contract, so that the type-check
 * covers each one: the object must name every operation and no other (tsc
 * fails on a missing or unknown key), and each call must fit the operation's
 * parameters and body. Not loaded by the app; scripts/dev/openapi-types.test.ts
 * runs the calls against a stub fetch and compares the keys with the live
 * document.
 */
export const contractCalls: Record<ApiOperationKey, () => Promise<unknown>> = {
  'GET /api/health': () => api('GET', '/api/health'),
  'GET /api/config': () => api('GET', '/api/config', { token: null }),
  'POST /api/auth/sign-in': () =>
    api('POST', '/api/auth/sign-in', { body: { email: 'a@example.com', password: 'pw' } }),
  'POST /api/auth/sign-in/second-factor': () =>
    api('POST', '/api/auth/sign-in/second-factor', {
      body: { pending_token: 'pending', code: '123456' },
      token: null,
    }),
  'GET /api/auth/mfa': () => api('GET', '/api/auth/mfa'),
  'POST /api/auth/mfa/totp': () => api('POST', '/api/auth/mfa/totp'),
  'POST /api/auth/mfa/totp/confirm': () =>
    api('POST', '/api/auth/mfa/totp/confirm', { body: { code: '123456' } }),
  'POST /api/auth/mfa/totp/remove': () =>
    api('POST', '/api/auth/mfa/totp/remove', { body: { code: '123456' } }),
  'POST /api/auth/mfa/recovery-codes': () =>
    api('POST', '/api/auth/mfa/recovery-codes', { body: { code: '123456' } }),
  'GET /api/auth/passkeys': () => api('GET', '/api/auth/passkeys'),
  'POST /api/auth/passkeys/registration-options': () =>
    api('POST', '/api/auth/passkeys/registration-options'),
  'POST /api/auth/passkeys': () =>
    api('POST', '/api/auth/passkeys', {
      body: {
        response: {
          id: 'credential',
          rawId: 'credential',
          type: 'public-key',
          response: { clientDataJSON: 'e30', attestationObject: 'oA' },
          clientExtensionResults: {},
        },
        name: 'Laptop',
      },
    }),
  'PATCH /api/auth/passkeys/{id}': () =>
    api('PATCH', '/api/auth/passkeys/{id}', { params: { id }, body: { name: 'Phone' } }),
  'POST /api/auth/passkeys/confirmation-options': () =>
    api('POST', '/api/auth/passkeys/confirmation-options'),
  'POST /api/auth/passkeys/{id}/remove': () =>
    api('POST', '/api/auth/passkeys/{id}/remove', { params: { id }, body: { code: '123456' } }),
  'POST /api/auth/step-up/passkey-options': () => api('POST', '/api/auth/step-up/passkey-options'),
  'POST /api/auth/step-up': () => api('POST', '/api/auth/step-up', { body: { code: '123456' } }),
  'GET /api/admin/settings/second-factor-policy': () =>
    api('GET', '/api/admin/settings/second-factor-policy'),
  'PUT /api/admin/settings/second-factor-policy': () =>
    api('PUT', '/api/admin/settings/second-factor-policy', { body: { policy: 'administrators' } }),
  'POST /api/admin/users/{id}/reset-second-factor': () =>
    api('POST', '/api/admin/users/{id}/reset-second-factor', {
      params: { id },
      body: { reason: 'Lost their phone' },
    }),
  'GET /api/admin/audit/sinks': () => api('GET', '/api/admin/audit/sinks'),
  'POST /api/admin/audit/sinks': () =>
    api('POST', '/api/admin/audit/sinks', {
      body: {
        name: 'SIEM',
        url: 'https://siem.example.com/audit',
        event_types: ['auth.*'],
        severities: ['high'],
      },
    }),
  'PATCH /api/admin/audit/sinks/{id}': () =>
    api('PATCH', '/api/admin/audit/sinks/{id}', { params: { id }, body: { enabled: false } }),
  'DELETE /api/admin/audit/sinks/{id}': () =>
    api('DELETE', '/api/admin/audit/sinks/{id}', { params: { id } }),
  'POST /api/admin/audit/sinks/{id}/rotate-secret': () =>
    api('POST', '/api/admin/audit/sinks/{id}/rotate-secret', { params: { id } }),
  'POST /api/admin/audit/sinks/{id}/resume': () =>
    api('POST', '/api/admin/audit/sinks/{id}/resume', { params: { id } }),
  'POST /api/admin/audit/sinks/{id}/test': () =>
    api('POST', '/api/admin/audit/sinks/{id}/test', { params: { id } }),
  'POST /api/auth/sign-in/passkey/options': () =>
    api('POST', '/api/auth/sign-in/passkey/options', { token: null }),
  'POST /api/auth/sign-in/passkey': () =>
    api('POST', '/api/auth/sign-in/passkey', {
      body: { challenge_id: 'challenge', response: assertion },
      token: null,
    }),
  'POST /api/auth/sign-in/second-factor/passkey-options': () =>
    api('POST', '/api/auth/sign-in/second-factor/passkey-options', {
      body: { pending_token: 'pending' },
      token: null,
    }),
  'POST /api/auth/sign-in/second-factor/passkey': () =>
    api('POST', '/api/auth/sign-in/second-factor/passkey', {
      body: { pending_token: 'pending', response: assertion },
      token: null,
    }),
  'POST /api/auth/refresh': () =>
    api('POST', '/api/auth/refresh', { body: { refresh_token: 'refresh' } }),
  'POST /api/auth/sign-out': () => api('POST', '/api/auth/sign-out'),
  'GET /api/auth/me': () => api('GET', '/api/auth/me'),
  'POST /api/auth/password': () =>
    api('POST', '/api/auth/password', {
      body: { current_password: 'old password', new_password: 'a new password' },
    }),
  'POST /api/auth/sign-up': () =>
    api('POST', '/api/auth/sign-up', {
      body: { full_name: 'Ada', email: 'ada@example.com', password: 'a long password' },
    }),
  'POST /api/auth/verify': () =>
    api('POST', '/api/auth/verify', { body: { token: 'token' }, token: null }),
  'DELETE /api/admin/sessions/{id}': () =>
    api('DELETE', '/api/admin/sessions/{id}', { params: { id } }),
  'POST /api/admin/sessions/revoke-others': () => api('POST', '/api/admin/sessions/revoke-others'),
  'POST /api/admin/invitations': () =>
    api('POST', '/api/admin/invitations', {
      body: { email: 'ada@example.com', full_name: 'Ada', roles: ['user'] },
    }),
  'GET /api/admin/invitations': () => api('GET', '/api/admin/invitations'),
  'DELETE /api/admin/invitations/{id}': () =>
    api('DELETE', '/api/admin/invitations/{id}', { params: { id } }),
  'POST /api/invitations/inspect': () =>
    api('POST', '/api/invitations/inspect', { body: { token: 'token' }, token: null }),
  'POST /api/invitations/accept': () =>
    api('POST', '/api/invitations/accept', {
      body: { token: 'token', password: 'a long password' },
      token: null,
    }),
  'GET /api/sso/applications': () =>
    api('GET', '/api/sso/applications', { query: { app_id: 'talentspark' } }),
  'POST /api/sso/initiate': () =>
    api('POST', '/api/sso/initiate', { body: { app_id: id, redirect_url: 'https://x.test/cb' } }),
  'POST /api/sso/exchange': () => api('POST', '/api/sso/exchange', { body: { code: 'code' } }),
  'GET /api/oidc/consents': () => api('GET', '/api/oidc/consents'),
  'DELETE /api/oidc/consents/{id}': () =>
    api('DELETE', '/api/oidc/consents/{id}', { params: { id } }),
  'GET /api/oidc/interactions/{uid}': () =>
    api('GET', '/api/oidc/interactions/{uid}', { params: { uid: 'uid' } }),
  'POST /api/oidc/interactions/{uid}': () =>
    api('POST', '/api/oidc/interactions/{uid}', {
      params: { uid: 'uid' },
      body: { decision: 'allow' },
    }),
  'DELETE /api/admin/apps/{id}/oidc-client': () =>
    api('DELETE', '/api/admin/apps/{id}/oidc-client', { params: { id } }),
  'PUT /api/admin/apps/{id}/oidc-client': () =>
    api('PUT', '/api/admin/apps/{id}/oidc-client', {
      params: { id: 'id' },
      body: { redirect_uris: ['https://app.example/callback'], public_client: false },
    }),
  'GET /api/admin/apps': () => api('GET', '/api/admin/apps'),
  'GET /api/admin/sessions': () => api('GET', '/api/admin/sessions'),
  'GET /api/admin/credential-requests': () => api('GET', '/api/admin/credential-requests'),
  'POST /api/admin/credential-requests': () =>
    api('POST', '/api/admin/credential-requests', {
      body: { target_app_id: id, access_type: 'api_key', justification: 'Rotating the key' },
    }),
  'POST /api/admin/credential-requests/{id}/approve': () =>
    api('POST', '/api/admin/credential-requests/{id}/approve', {
      params: { id },
      body: { reason: 'Looks right' },
    }),
  'POST /api/admin/credential-requests/{id}/deny': () =>
    api('POST', '/api/admin/credential-requests/{id}/deny', {
      params: { id },
      body: { reason: 'Not needed' },
    }),
  'POST /api/admin/credential-grants': () =>
    api('POST', '/api/admin/credential-grants', {
      body: {
        target_app_id: id,
        credential_type: 'webhook_secret',
        justification: 'Investigating a failed webhook',
        time_limit_minutes: 15,
      },
    }),
  'GET /api/admin/credential-grants/active': () =>
    api('GET', '/api/admin/credential-grants/active'),
  'POST /api/admin/credential-grants/{id}/revoke': () =>
    api('POST', '/api/admin/credential-grants/{id}/revoke', { params: { id } }),
  'GET /api/admin/audit': () =>
    api('GET', '/api/admin/audit', { query: { severity: 'high', limit: 25, cursor: null } }),
  'GET /api/admin/audit/export': () =>
    apiResponse('GET', '/api/admin/audit/export', { query: { type: 'logout', format: 'jsonl' } }),
  'GET /api/admin/audit/exports/{id}/manifest': () =>
    api('GET', '/api/admin/audit/exports/{id}/manifest', {
      params: { id: '5d1c7e2a-8b3f-4a6d-9e0c-1f2a3b4c5d6e' },
    }),
  'GET /api/admin/audit/stream': () =>
    apiResponse('GET', '/api/admin/audit/stream', { query: { severity: 'high', after: 0 } }),
  'GET /api/admin/audit/verify': () => api('GET', '/api/admin/audit/verify'),
  'GET /api/admin/summary': () => api('GET', '/api/admin/summary'),
  'GET /api/admin/analytics': () =>
    api('GET', '/api/admin/analytics', { query: { from: '2026-01-01', to: '2026-01-31' } }),
  'POST /api/setup/system-admins': () =>
    api('POST', '/api/setup/system-admins', { body: { confirmation_key: key } }),
  'POST /api/setup/clear-all-users': () =>
    api('POST', '/api/setup/clear-all-users', { body: { confirmation_key: key } }),
  'POST /api/setup/cleanup-all-users': () =>
    api('POST', '/api/setup/cleanup-all-users', { body: { confirmation_key: key } }),
  'POST /api/setup/mail-outbox': () =>
    api('POST', '/api/setup/mail-outbox', { body: { confirmation_key: key } }),
  'POST /api/setup/mail-outbox/sent': () =>
    api('POST', '/api/setup/mail-outbox/sent', { body: { confirmation_key: key, ids: [id] } }),
  'GET /api/admin/users': () =>
    api('GET', '/api/admin/users', {
      query: {
        q: 'ada',
        role: 'platform_admin,none',
        status: 'active',
        org: ['HireHub', ''],
        never: 'true',
        sort: 'name',
        dir: 'desc',
        limit: 25,
        cursor: null,
      },
    }),
  'GET /api/admin/users/export': () =>
    apiResponse('GET', '/api/admin/users/export', { query: { q: 'ada' } }),
  'GET /api/admin/users/facets': () =>
    api('GET', '/api/admin/users/facets', { query: { q: 'ada', org: 'HireHub' } }),
  'PATCH /api/admin/users/{id}': () =>
    api('PATCH', '/api/admin/users/{id}', { params: { id }, body: { is_active: false } }),
  'GET /api/admin/users/{id}/roles': () =>
    api('GET', '/api/admin/users/{id}/roles', { params: { id } }),
  'PUT /api/admin/users/{id}/roles': () =>
    api('PUT', '/api/admin/users/{id}/roles', {
      params: { id },
      body: { changes: { platform_admin: true } },
    }),
  'POST /api/admin/users/bulk': () =>
    api('POST', '/api/admin/users/bulk', {
      body: { user_ids: [id], action: { kind: 'grant', role: 'platform_admin' } },
    }),
  'GET /api/audit/public-key': () => api('GET', '/api/audit/public-key'),
  'GET /api/audit/checkpoints': () =>
    api('GET', '/api/audit/checkpoints', { query: { after: 0, limit: 100 } }),
  'POST /api/audit/events': () =>
    api('POST', '/api/audit/events', {
      body: {
        source: 'console',
        events: [
          {
            id,
            timestamp: '2026-01-01T00:00:00.000Z',
            session_id: null,
            event_type: 'admin.panel.access',
          },
        ],
      },
    }),
};
