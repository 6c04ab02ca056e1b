import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '@/lib/auth/me-query';
import { applicationsQuery } from './applications/api';
import { auditTrailQuery, chainVerificationQuery } from './audit-trail/api';
import { activeGrantsQuery, useRequestGrant, useRevokeGrant } from './credential-grants/api';
import {
  credentialRequestsQuery,
  useReviewCredentialRequest,
  useSubmitCredentialRequest,
} from './credential-requests/api';
import { analyticsQuery, summaryQuery } from './insights/api';
import { sessionsQuery, useRevokeOtherSessions, useRevokeSession } from './sessions/api';
import { adminKeys } from './shared/query-keys';
import {
  useChangeRoles,
  userFacetsQuery,
  userRolesQuery,
  usersQuery,
  useUpdateUser,
} from './users/api';
import { DEFAULT_LIST } from './users/list-params';

const ID = '00000000-0000-4000-8000-000000000007';

/** One query of every kind the console caches, by the options the screens use. */
const CONSOLE_QUERIES = {
  users: usersQuery(DEFAULT_LIST).queryKey,
  userFacets: userFacetsQuery(DEFAULT_LIST).queryKey,
  userRoles: userRolesQuery(ID).queryKey,
  applications: applicationsQuery.queryKey,
  sessions: sessionsQuery.queryKey,
  credentialRequests: credentialRequestsQuery.queryKey,
  activeGrants: activeGrantsQuery.queryKey,
  auditEvents: auditTrailQuery({ severity: 'high' }).queryKey,
  chainVerification: chainVerificationQuery.queryKey,
  summary: summaryQuery.queryKey,
  analytics: analyticsQuery('2026-06-01', '2026-06-14').queryKey,
} satisfies Record<string, QueryKey>;

type QueryName = keyof typeof CONSOLE_QUERIES;
const NAMES = Object.keys(CONSOLE_QUERIES) as QueryName[];

/** A cache holding every console query and one query from outside the console. */
function filledCache(): QueryClient {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const keys: QueryKey[] = [...Object.values(CONSOLE_QUERIES), meQuery.queryKey];
  for (const key of keys) qc.setQueryData(key, { seeded: true });
  return qc;
}

const invalidated = (qc: QueryClient) =>
  NAMES.filter((name) => qc.getQueryState(CONSOLE_QUERIES[name])?.isInvalidated).sort();

/** Every request answers 200 with `body`. */
function stubServer(body: unknown) {
  vi.stubGlobal('fetch', async () =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
}

async function runMutation<V>(
  qc: QueryClient,
  useMutationHook: () => { mutateAsync: (vars: V) => Promise<unknown> },
  vars: V,
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(useMutationHook, { wrapper });
  await act(() => result.current.mutateAsync(vars));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the console query keys', () => {
  it('put every console query under the admin namespace, one resource per second element', () => {
    const resources = Object.fromEntries(NAMES.map((n) => [n, CONSOLE_QUERIES[n].slice(0, 2)]));
    expect(resources).toEqual({
      users: ['admin', 'users'],
      userFacets: ['admin', 'users'],
      userRoles: ['admin', 'users'],
      applications: ['admin', 'applications'],
      sessions: ['admin', 'sessions'],
      credentialRequests: ['admin', 'credential-requests'],
      activeGrants: ['admin', 'credential-grants'],
      auditEvents: ['admin', 'audit-trail'],
      chainVerification: ['admin', 'audit-trail'],
      summary: ['admin', 'insights'],
      analytics: ['admin', 'insights'],
    });
  });

  it('refresh the whole console, and nothing outside it, from one key', async () => {
    const qc = filledCache();
    await qc.invalidateQueries({ queryKey: adminKeys.all });
    expect(invalidated(qc)).toEqual([...NAMES].sort());
    expect(qc.getQueryState(meQuery.queryKey)?.isInvalidated).toBe(false);
  });
});

describe('a change in one resource refreshes exactly the views it changes', () => {
  const cases: {
    change: string;
    answer: unknown;
    run: (qc: QueryClient) => Promise<void>;
    refreshes: QueryName[];
  }[] = [
    {
      change: 'editing a user',
      answer: { id: ID, full_name: 'Jonas' },
      run: (qc) => runMutation(qc, useUpdateUser, { id: ID, update: { full_name: 'Jonas' } }),
      refreshes: ['users', 'userFacets', 'userRoles'],
    },
    {
      change: 'changing roles',
      answer: { user_id: ID, roles: ['user', 'platform_admin'], records: [] },
      run: (qc) => runMutation(qc, useChangeRoles, { id: ID, changes: { platform_admin: true } }),
      refreshes: ['users', 'userFacets', 'userRoles'],
    },
    {
      change: 'ending one session',
      answer: {},
      run: (qc) => runMutation(qc, useRevokeSession, ID),
      refreshes: ['sessions'],
    },
    {
      change: 'ending the other sessions',
      answer: { revoked: 2 },
      run: (qc) => runMutation(qc, useRevokeOtherSessions, undefined),
      refreshes: ['sessions'],
    },
    {
      change: 'requesting credential access',
      answer: {},
      run: (qc) =>
        runMutation(qc, useSubmitCredentialRequest, {
          target_app_id: ID,
          access_type: 'api_key',
          justification: 'Rotate the partner key',
        }),
      refreshes: ['credentialRequests', 'auditEvents', 'chainVerification'],
    },
    {
      change: 'reviewing a credential request',
      answer: {},
      run: (qc) =>
        runMutation(qc, useReviewCredentialRequest, {
          id: ID,
          decision: 'approve',
          reason: 'Scoped to the sync window',
        }),
      refreshes: ['credentialRequests', 'auditEvents', 'chainVerification'],
    },
    {
      change: 'requesting a time-limited grant',
      answer: { grant: {} },
      run: (qc) =>
        runMutation(qc, useRequestGrant, {
          target_app_id: ID,
          credential_type: 'api_key',
          time_limit_minutes: 30,
          justification: 'Debug the nightly export job',
        }),
      refreshes: ['activeGrants', 'auditEvents', 'chainVerification'],
    },
    {
      change: 'revoking a grant',
      answer: {},
      run: (qc) => runMutation(qc, useRevokeGrant, ID),
      refreshes: ['activeGrants', 'auditEvents', 'chainVerification'],
    },
  ];

  it.each(cases)('$change', async ({ answer, run, refreshes }) => {
    stubServer(answer);
    const qc = filledCache();
    await run(qc);
    expect(invalidated(qc)).toEqual([...refreshes].sort());
    expect(qc.getQueryState(meQuery.queryKey)?.isInvalidated).toBe(false);
  });
});
