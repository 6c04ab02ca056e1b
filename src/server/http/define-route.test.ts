import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { PlatformRole } from '@shared/constants';
import type { Principal } from '../security/principal';
import { createRouter, defineRoute, jsonBody, jsonResponse, strictQuery } from './define-route';
import { toErrorResponse } from '../core/errors';

const ok = jsonResponse(z.object({ ok: z.boolean() }), 'ok');

/** The request-validation contract every route module relies on. */
const app = createRouter();
app.openapi(
  defineRoute({
    method: 'post',
    path: '/things/{id}',
    operationId: 'createThing',
    summary: 'A thing',
    tag: 'system',
    access: 'anonymous',
    request: {
      params: z.object({ id: z.uuid() }),
      query: strictQuery(
        z.strictObject({ limit: z.coerce.number().int().min(1).max(100).optional() }),
      ),
      body: jsonBody(z.object({ name: z.string().min(1).max(10) }).strict(), { name: 'ok' }),
    },
    responses: { 200: ok },
  }),
  (c) => c.json({ ok: c.req.valid('json').name === 'ok' }, 200),
);
app.onError((err, c) => toErrorResponse(err, c, () => {}));

const id = '3f2a2b8e-4f0e-4a57-9a52-1b7f1f0f2a11';
const post = (path: string, body?: string, type: string | null = 'application/json') =>
  app.request(path, {
    method: 'POST',
    body,
    headers: type ? { 'content-type': type } : {},
  });

describe('request validation', () => {
  it('accepts a valid request', async () => {
    const res = await post(`/things/${id}?limit=5`, JSON.stringify({ name: 'ok' }));
    expect(res.status).toBe(200);
  });

  it.each([
    ['a bad id', `/things/not-a-uuid`, '{"name":"ok"}', 'application/json'],
    ['a bad query', `/things/${id}?limit=0`, '{"name":"ok"}', 'application/json'],
    ['an unknown query parameter', `/things/${id}?other=1`, '{"name":"ok"}', 'application/json'],
    ['a wrong type', `/things/${id}`, '{"name":5}', 'application/json'],
    ['an unknown field', `/things/${id}`, '{"name":"ok","admin":true}', 'application/json'],
    ['an over-long string', `/things/${id}`, '{"name":"12345678901"}', 'application/json'],
    ['a missing body', `/things/${id}`, undefined, 'application/json'],
    ['malformed JSON', `/things/${id}`, '{"name":', 'application/json'],
  ])('refuses %s with 400 and the error body', async (_name, path, body, type) => {
    const res = await post(path, body, type);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: { code: string; message: string } };
    expect(json.error.code).toMatch(/^(validation_failed|bad_request)$/);
    expect(json.error.message.length).toBeGreaterThan(0);
  });

  it.each([
    ['a non-JSON content type', 'text/plain'],
    ['no content type at all', null],
  ])('refuses a body with %s with 415 and the error body', async (_name, type) => {
    const res = await post(`/things/${id}`, '{"name":"ok"}', type);
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });
});

describe('query strings', () => {
  const router = createRouter();
  router.openapi(
    defineRoute({
      method: 'get',
      path: '/plain',
      operationId: 'getPlain',
      summary: 'Plain',
      tag: 'system',
      access: 'anonymous',
      responses: { 200: ok },
    }),
    (c) => c.json({ ok: true }, 200),
  );
  router.onError((err, c) => toErrorResponse(err, c, () => {}));

  it('answers an operation without query parameters when no query string comes', async () => {
    expect((await router.request('/plain')).status).toBe(200);
    expect((await router.request('/plain?')).status).toBe(200);
  });

  it.each(['/plain?x=1', '/plain??x[]=1', '/plain?&', '/plain?%'])(
    'refuses %s with 400: the operation takes no query parameters',
    async (path) => {
      const res = await router.request(path);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: {
          code: 'validation_failed',
          message: 'This operation takes no query parameters',
        },
      });
    },
  );

  it('declares the 400 of an operation without query parameters', () => {
    const doc = router.getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
    });
    expect(Object.keys(doc.paths?.['/plain']?.get?.responses ?? {})).toEqual(['200', '400']);
  });

  it('refuses a query schema that would let unknown parameters through', () => {
    expect(() => strictQuery(z.object({ q: z.string().optional() }))).toThrow(
      'declare it with z.strictObject()',
    );
    expect(() => strictQuery(z.looseObject({ q: z.string().optional() }))).toThrow(
      'declare it with z.strictObject()',
    );
  });

  it('refuses a query that did not come through strictQuery()', () => {
    const query = z.strictObject({ q: z.string().optional() }) as never;
    expect(() =>
      defineRoute({
        method: 'get',
        path: '/unchecked',
        operationId: 'getUnchecked',
        summary: 'Unchecked',
        tag: 'system',
        access: 'anonymous',
        request: { query },
        responses: { 200: ok },
      }),
    ).toThrow('GET /unchecked: declare its query with strictQuery()');
  });

  it('refuses an operationId that is not camelCase, or one declared twice', () => {
    const route = {
      method: 'get',
      summary: 'x',
      tag: 'system',
      access: 'anonymous',
      responses: { 200: ok },
    } as const;
    expect(() => defineRoute({ ...route, path: '/a', operationId: 'get-a' })).toThrow(
      'is not camelCase',
    );
    expect(() => defineRoute({ ...route, path: '/b', operationId: 'getPlain' })).toThrow(
      'declared twice',
    );
  });
});

describe('access', () => {
  const principal = (roles: PlatformRole[], extra: Partial<Principal> = {}): Principal => ({
    userId: id,
    email: 'someone@example.com',
    fullName: null,
    roles,
    sessionId: id,
    sessionKind: 'password',
    tokenTail: 'abcdefgh',
    mustChangePassword: false,
    mustEnrolSecondFactor: false,
    secondFactorAt: null,
    ...extra,
  });
  const callers: Record<string, Principal | null> = {
    anonymous: null,
    user: principal(['user']),
    pending: principal(['user', 'super_admin'], { mustChangePassword: true }),
    enrolling: principal(['user', 'super_admin'], { mustEnrolSecondFactor: true }),
    demo: principal(['user', 'super_admin'], { sessionKind: 'demo' }),
    platform_admin: principal(['user', 'platform_admin']),
    super_admin: principal(['user', 'super_admin']),
  };

  const router = createRouter();
  router.use('*', async (c, next) => {
    c.set('principal', callers[c.req.header('x-caller') ?? 'anonymous'] ?? null);
    await next();
  });
  const declare = (
    path: string,
    operationId: string,
    access: 'anonymous' | 'signed_in' | 'platform_admin' | 'super_admin',
    extra: {
      roleCheckedByPolicy?: true;
      allowPendingPasswordChange?: true;
      allowPendingEnrolment?: true;
      passwordSessionOnly?: true;
    } = {},
  ) =>
    router.openapi(
      defineRoute({
        method: 'get',
        path,
        operationId,
        summary: operationId,
        tag: 'admin',
        access,
        ...extra,
        responses: { 200: ok },
      }),
      (c) => c.json({ ok: true }, 200),
    );
  declare('/anyone', 'getAnyone', 'anonymous');
  declare('/signed-in', 'getSignedIn', 'signed_in');
  declare('/own-session', 'getOwnSession', 'signed_in', {
    allowPendingPasswordChange: true,
    allowPendingEnrolment: true,
    passwordSessionOnly: true,
  });
  declare('/enrolment', 'getEnrolment', 'signed_in', { allowPendingEnrolment: true });
  declare('/admin', 'getAdmin', 'platform_admin');
  declare('/super', 'getSuper', 'super_admin');
  declare('/by-policy', 'getByPolicy', 'super_admin', { roleCheckedByPolicy: true });
  router.onError((err, c) => toErrorResponse(err, c, () => {}));

  const statuses = async (path: string) => {
    const out: Record<string, number> = {};
    for (const caller of Object.keys(callers)) {
      out[caller] = (await router.request(path, { headers: { 'x-caller': caller } })).status;
    }
    return out;
  };

  it.each([
    // anonymous, user, pending, enrolling, demo, platform_admin, super_admin
    ['/anyone', [200, 200, 200, 200, 200, 200, 200]],
    ['/signed-in', [401, 200, 403, 403, 200, 200, 200]],
    ['/own-session', [401, 200, 200, 200, 401, 200, 200]],
    ['/enrolment', [401, 200, 403, 200, 200, 200, 200]],
    ['/admin', [401, 403, 403, 403, 200, 200, 200]],
    ['/super', [401, 403, 403, 403, 200, 403, 200]],
    ['/by-policy', [401, 200, 403, 403, 200, 200, 200]],
  ])('lets only the declared callers through to %s', async (path, expected) => {
    expect(Object.values(await statuses(path))).toEqual(expected);
  });

  it('checks the caller before the query string', async () => {
    expect((await router.request('/admin?x=1')).status).toBe(401);
  });

  it('declares the security requirement and the error responses of the access', () => {
    const doc = router.getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
    });
    const op = (path: string) => doc.paths?.[path]?.get;
    expect(op('/anyone')?.security).toEqual([]);
    expect(Object.keys(op('/anyone')?.responses ?? {})).toEqual(['200', '400']);
    expect(op('/admin')?.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(op('/admin')?.responses ?? {})).toEqual(['200', '400', '401', '403']);
    expect(Object.keys(op('/own-session')?.responses ?? {})).toEqual(['200', '400', '401']);
    expect(Object.keys(op('/enrolment')?.responses ?? {})).toEqual(['200', '400', '401', '403']);
    expect(op('/admin')?.operationId).toBe('getAdmin');
    expect(op('/admin')?.tags).toEqual(['admin']);
  });
});
