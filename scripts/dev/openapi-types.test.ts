import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractCalls } from '@/lib/api-contract-calls';
import {
  apiTypesSource,
  committedApiTypes,
  liveOpenApiDocument,
  type OpenApiDocument,
} from './openapi-document';

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

function operations(doc: OpenApiDocument): string[] {
  return Object.entries(doc.paths)
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => METHODS.has(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    )
    .sort();
}

afterEach(() => vi.unstubAllGlobals());

describe("the client's API types", () => {
  it('are what npm run api:types writes from the server code today', async () => {
    const fresh = await apiTypesSource(await liveOpenApiDocument());
    // On failure: run `npm run api:types` and commit src/client/lib/api-schema.ts.
    expect(committedApiTypes()).toBe(fresh);
  });

  it('have a typed client call for every operation the server serves', async () => {
    const served = operations(await liveOpenApiDocument());
    expect(served.length).toBeGreaterThan(30);
    expect(Object.keys(contractCalls).sort()).toEqual(served);
  });

  it('send each call to its own method and path', async () => {
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push(`${init.method} ${url}`);
        return new Response('{}', { status: 200 });
      }),
    );
    for (const [key, call] of Object.entries(contractCalls)) {
      sent.length = 0;
      await call();
      const [method, path] = key.split(' ') as [string, string];
      const pattern = new RegExp(`^${method} ${path.replace(/\{\w+\}/g, '[^/?]+')}(\\?|$)`);
      expect(sent, key).toHaveLength(1);
      expect(sent[0], key).toMatch(pattern);
    }
  });
});
