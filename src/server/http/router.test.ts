import { createRoute, z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { createRouter } from './router';
import { toErrorResponse } from './errors';

/** The request-validation contract every route module relies on. */
const app = createRouter();
app.openapi(
  createRoute({
    method: 'post',
    path: '/things/{id}',
    request: {
      params: z.object({ id: z.uuid() }),
      query: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).optional() }),
      body: {
        required: true,
        content: {
          'application/json': { schema: z.object({ name: z.string().min(1).max(10) }).strict() },
        },
      },
    },
    responses: { 200: { description: 'ok' } },
  }),
  (c) => c.json({ ok: true, name: c.req.valid('json').name }, 200),
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
    createRoute({ method: 'get', path: '/plain', responses: { 200: { description: 'ok' } } }),
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

  it('refuses to register a query that would let unknown parameters through', () => {
    const loose = createRoute({
      method: 'get',
      path: '/loose',
      request: { query: z.object({ q: z.string().optional() }) },
      responses: { 200: { description: 'ok' } },
    });
    expect(() => createRouter().openapi(loose, (c) => c.json({}, 200))).toThrow(
      'GET /loose: declare its query with z.strictObject()',
    );
  });
});
