import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiResponse, fillPath } from '@/lib/api';
import { sessionStore } from '@/lib/auth/session-store';
import { setStepUpHandler } from '@/lib/step-up';

type Sent = { url: string; init: RequestInit };

function stubFetch(respond: () => Response | Promise<Response>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return respond();
    }),
  );
  return sent;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const session = {
  user: { id: 'u1', email: 'ada@example.com', user_metadata: { full_name: 'Ada' } },
  access_token: 'signed-in-token',
  refresh_token: 'refresh',
  expires_at: 2_000_000_000,
};

beforeEach(() => sessionStore.set(session));
afterEach(() => {
  sessionStore.set(null);
  vi.unstubAllGlobals();
});

describe('api', () => {
  it('fills path parameters, sends the JSON body with the signed-in token', async () => {
    const sent = stubFetch(() => json({ user_id: 'a/b', roles: ['user'] }));
    const result = await api('PUT', '/api/admin/users/{id}/roles', {
      params: { id: 'a/b' },
      body: { changes: { user: true } },
    });
    expect(result).toEqual({ user_id: 'a/b', roles: ['user'] });
    expect(sent[0]!.url).toBe('/api/admin/users/a%2Fb/roles');
    expect(sent[0]!.init.method).toBe('PUT');
    expect(sent[0]!.init.body).toBe('{"changes":{"user":true}}');
    expect(sent[0]!.init.headers).toEqual({
      accept: 'application/json',
      authorization: 'Bearer signed-in-token',
      'content-type': 'application/json',
    });
  });

  it('leaves out empty query values and sends no token when told not to', async () => {
    const sent = stubFetch(() => json({ users: [], next_cursor: null }));
    await api('GET', '/api/admin/users', {
      query: { q: '', limit: 25, cursor: null },
      token: null,
    });
    expect(sent[0]!.url).toBe('/api/admin/users?limit=25');
    expect(sent[0]!.init.method).toBe('GET');
    expect(sent[0]!.init.headers).toEqual({ accept: 'application/json' });
  });

  it('repeats a parameter given as a list, once per value, empty values included', async () => {
    const sent = stubFetch(() =>
      json({ role: [], status: [], organization: [], organization_more: false }),
    );
    await api('GET', '/api/admin/users/facets', {
      query: { org: ['HireHub', '', 'A&B'], role: 'user,none' },
    });
    expect(sent[0]!.url).toBe(
      '/api/admin/users/facets?org=HireHub&org=&org=A%26B&role=user%2Cnone',
    );
  });

  it('answers undefined for a 204', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(api('POST', '/api/auth/sign-out')).resolves.toBeUndefined();
  });

  it("turns the server's error body into an ApiError", async () => {
    stubFetch(() => json({ error: { code: 'conflict', message: 'Already revoked' } }, 409));
    const err = await api('POST', '/api/admin/sessions/revoke-others').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'conflict', message: 'Already revoked' });
    expect((err as ApiError).retryable).toBe(false);
  });

  it('falls back to a message of its own when the error body says nothing', async () => {
    stubFetch(() => new Response('<html>', { status: 403 }));
    await expect(api('GET', '/api/admin/apps')).rejects.toMatchObject({
      status: 403,
      code: 'http_error',
      message: 'You do not have permission to do this.',
    });
    stubFetch(() => new Response('', { status: 502 }));
    await expect(api('GET', '/api/admin/apps')).rejects.toMatchObject({
      status: 502,
      message: 'The server could not complete the request (502).',
      retryable: true,
    });
  });

  it('reports a failed connection as status 0 and passes an abort through', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api('GET', '/api/health')).rejects.toMatchObject({ status: 0, code: 'network' });
    stubFetch(() => Promise.reject(new DOMException('Aborted', 'AbortError')));
    await expect(api('GET', '/api/health')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('apiResponse', () => {
  it('hands back the response of a download, or the ApiError of a refusal', async () => {
    const sent = stubFetch(() => new Response('seq,id\n', { status: 200 }));
    const res = await apiResponse('GET', '/api/admin/audit/export', {
      query: { type: 'logout', severity: undefined },
    });
    expect(await res.text()).toBe('seq,id\n');
    expect(sent[0]!.url).toBe('/api/admin/audit/export?type=logout');
    stubFetch(() => json({ error: { code: 'forbidden', message: 'Not for you' } }, 403));
    await expect(apiResponse('GET', '/api/admin/audit/export')).rejects.toMatchObject({
      status: 403,
      message: 'Not for you',
    });
  });
});

describe('a step-up', () => {
  const refusal = () =>
    json(
      { error: { code: 'step_up_required', message: 'Confirm it’s you', methods: ['totp'] } },
      403,
    );

  it('waits for the dialog, then sends the same request again', async () => {
    const answers = [refusal(), json({ request: { id: 'r1' } })];
    const sent = stubFetch(() => answers.shift()!);
    const asked: unknown[] = [];
    const unregister = setStepUpHandler(async (methods) => {
      asked.push(methods);
      return true;
    });
    try {
      const result = await api('POST', '/api/admin/credential-requests/{id}/approve', {
        params: { id: 'r1' },
        body: { reason: 'Rotation' },
      });
      expect(result).toEqual({ request: { id: 'r1' } });
      expect(asked).toEqual([['totp']]);
      expect(sent).toHaveLength(2);
      expect(sent[1]!.init.body).toBe(sent[0]!.init.body);
    } finally {
      unregister();
    }
  });

  it('sends nothing more when the dialog is cancelled', async () => {
    const sent = stubFetch(refusal);
    const unregister = setStepUpHandler(async () => false);
    try {
      const err = await apiResponse('GET', '/api/admin/users/export').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).code).toBe('step_up_cancelled');
      expect((err as ApiError).message).toBe('Cancelled: nothing was changed.');
      expect(sent).toHaveLength(1);
    } finally {
      unregister();
    }
  });
});

describe('fillPath', () => {
  it('refuses a path parameter without a value', () => {
    expect(() => fillPath('/api/admin/users/{id}', { id: '' })).toThrow('no value for {id}');
  });
});

/** Calls the contract refuses; tsc fails if one of them stops being an error. Never run. */
export function refusedByTheContract() {
  // @ts-expect-error: no such path
  void api('GET', '/api/admin/userz');
  // @ts-expect-error: no GET at this path
  void api('GET', '/api/auth/sign-in');
  // @ts-expect-error: the path parameter is missing
  void api('GET', '/api/admin/users/{id}/roles', {});
  // @ts-expect-error: the body is required
  void api('POST', '/api/auth/sign-in');
  // @ts-expect-error: a body field the server does not take
  void api('POST', '/api/auth/refresh', { body: { refresh: 'x' } });
  // @ts-expect-error: a query parameter the server does not take
  void api('GET', '/api/admin/users', { query: { search: 'ada' } });
  // @ts-expect-error: this operation takes no body
  void api('GET', '/api/admin/apps', { body: {} });
  void api('GET', '/api/auth/me').then((me) => {
    // @ts-expect-error: a field the answer does not have
    void me.roles;
    return me.user.roles;
  });
}
