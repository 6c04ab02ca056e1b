import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestContext, type TestContext } from '../testing/harness';
import { declaredOperations, SECURITY_SCHEMES } from '../http/define-route';
import { RESPONSE_HEADER_BYTES } from '../../../scripts/build/bundle-budget';
import { STATIC_SECURITY_HEADERS, SUBRESOURCE_SECURITY_HEADERS } from '../security/headers';
import { publicConfigElement } from '../http/static';

let t: TestContext;
let clientDir: string;
/** The pre-rendered pages' inline starter, by its hash (scripts/build/prerender.mjs writes it). */
const STARTER_HASH = 'sha256-c3RhcnRlcg==';

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(clientDir, 'pages', 'demo'), { recursive: true });
  writeFileSync(
    path.join(clientDir, 'pages', 'demo', 'hirehub.html'),
    '<!doctype html><html><head></head><body><div id="root"><h1>Pre-rendered HireHub</h1></div></body></html>',
  );
  writeFileSync(
    path.join(clientDir, 'pages', 'index.html'),
    `<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"></head><body><div id="root"><h1>Pre-rendered landing page</h1><p>${'Five hiring platforms. '.repeat(100)}</p></div></body></html>`,
  );
  writeFileSync(
    path.join(clientDir, 'pages', 'inline-scripts.json'),
    JSON.stringify({ scriptHashes: [STARTER_HASH] }),
  );
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.br'), 'brotli bytes');
  writeFileSync(path.join(clientDir, 'robots.txt'), 'User-agent: *');
  t = await createTestContext({ app: { clientDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('API basics', () => {
  it('answers an unknown API path with the JSON 404 error body', async () => {
    const res = await t.call('GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.json).toEqual({
      error: { code: 'not_found', message: 'No API operation at GET /api/no-such-thing' },
    });
  });

  it('reports the database as reachable on /api/health', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'ok', database: 'reachable' });
  });

  it.each(['/api/health?x=1', '/api/config?_=1700000000000', '/api/admin/sessions??x[]=1'])(
    'refuses %s with 400: the operation takes no query parameters',
    async (path) => {
      const res = await t.call('GET', path, { token: t.demoToken() });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        error: { code: 'validation_failed', message: 'This operation takes no query parameters' },
      });
    },
  );

  it('serves only public settings on /api/config', async () => {
    const res = await t.call('GET', '/api/config');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      demoMode: true,
      allowSignup: false,
      ecosystemLinks: {
        home: '/',
        sortstak: '/demo/sortstak',
        roleBuilder: '/demo/role-builder',
        qrc: '/demo/qrc',
        talentspark: '/demo/talentspark',
      },
      ssoDemo: {
        appId: expect.any(String),
        appName: 'SSO Demo Receiver',
        callbackUrl: 'http://127.0.0.1:3000/sso/demo-callback',
      },
    });
    expect(res.text).not.toContain(t.config.setupConfirmationKey!);
  });

  it('publishes an OpenAPI document listing its operations', async () => {
    const res = await t.call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.json.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/config']),
    );
  });

  it('gives every operation of the document the operationId and security it declares', async () => {
    type Op = { operationId?: string; security?: unknown };
    const res = await t.call('GET', '/api/openapi.json');
    const served = Object.entries(res.json.paths as Record<string, Record<string, Op>>)
      .flatMap(([where, methods]) =>
        Object.entries(methods).map(([method, op]) => ({
          key: `${method.toUpperCase()} ${where}`,
          operationId: op.operationId,
          security: op.security,
        })),
      )
      .sort((a, b) => a.key.localeCompare(b.key));
    const declared = declaredOperations()
      .map((d) => ({
        key: `${d.method.toUpperCase()} /api${d.path}`,
        operationId: d.operationId,
        security: d.security,
      }))
      .sort((a, b) => a.key.localeCompare(b.key));
    expect(served).toEqual(declared);
    for (const op of served) {
      expect(op.operationId, op.key).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(op.security, op.key).toBeInstanceOf(Array);
    }
    expect(new Set(served.map((op) => op.operationId)).size).toBe(served.length);
    expect(res.json.components.securitySchemes).toEqual(SECURITY_SCHEMES);
    const used = served.flatMap((op) =>
      (op.security as Record<string, string[]>[]).flatMap((s) => Object.keys(s)),
    );
    expect([...new Set(used)].sort()).toEqual(Object.keys(SECURITY_SCHEMES).sort());
  });

  it('gives every API response a request id and no-store caching', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.headers.get('x-request-id')).toMatch(/.+/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a body over the size limit with 413 and the error body', async () => {
    const res = await t.call('POST', '/api/health', {
      rawBody: 'x'.repeat(70 * 1024),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe('payload_too_large');
  });
});

describe('security headers', () => {
  for (const target of ['/api/health', '/', '/admin', '/api/missing']) {
    it(`are set on ${target}`, async () => {
      const res = await t.call('GET', target);
      for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) {
        expect(res.headers.get(name), name).toBe(value);
      }
      const csp = res.headers.get('content-security-policy')!;
      const directives = Object.fromEntries(
        csp.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values];
        }),
      );
      // Only a pre-rendered page (here `/`) runs an inline script: its starter, by its hash.
      expect(directives['script-src']).toEqual(
        target === '/' ? ["'self'", `'${STARTER_HASH}'`] : ["'self'"],
      );
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['frame-src']).toEqual(["'none'"]);
      expect(directives['frame-ancestors']).toEqual(["'self'"]);
      expect(directives['base-uri']).toEqual(["'self'"]);
      expect(directives['font-src']).toEqual(["'self'"]);
      expect(directives['style-src']?.[0]).toBe("'self'");
    });
  }
});

describe('client serving', () => {
  it('serves the app document for client routes with a fresh style nonce', async () => {
    const a = await t.call('GET', '/admin');
    const b = await t.call('GET', '/demo/hirehub');
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const nonceA = /content="([^"]+)"/.exec(a.text)?.[1];
    const nonceB = /content="([^"]+)"/.exec(b.text)?.[1];
    expect(nonceA).toBeTruthy();
    expect(nonceA).not.toBe(nonceB);
    expect(a.headers.get('content-security-policy')).toContain(`'nonce-${nonceA}'`);
  });

  it('answers unknown pages with the app document and status 404', async () => {
    const res = await t.call('GET', '/no/such/page');
    expect(res.status).toBe(404);
    expect(res.text).toContain('<div id="root">');
  });

  it('serves hashed assets with long-lived caching and plain files as they are', async () => {
    const asset = await t.call('GET', '/assets/app-abc123.js', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    // Only the headers that apply to a script, stylesheet or font: a page loads dozens of them.
    for (const [name, value] of Object.entries(SUBRESOURCE_SECURITY_HEADERS)) {
      expect(asset.headers.get(name), name).toBe(value);
    }
    for (const name of ['content-security-policy', 'x-frame-options', 'x-request-id']) {
      expect(asset.headers.get(name), name).toBeNull();
    }
    // What the bundle budget counts per file: these headers, with the status line and what
    // Node adds (Date, Connection, Keep-Alive), as HTTP/1.1 sends them.
    const nodeAdds = [
      'HTTP/1.1 200 OK',
      'Date: Thu, 26 Nov 2026 05:52:31 GMT',
      'Connection: keep-alive',
      'Keep-Alive: timeout=65',
      '',
    ];
    const lines = [...asset.headers].map(([name, value]) => `${name}: ${value}`);
    const bytes = [...nodeAdds, ...lines].reduce((sum, line) => sum + line.length + 2, 0);
    expect(bytes).toBeLessThanOrEqual(RESPONSE_HEADER_BYTES);
    const robots = await t.call('GET', '/robots.txt');
    expect(robots.text).toBe('User-agent: *');
  });

  it('sends the pre-rendered pages in demo mode, and the app shell elsewhere', async () => {
    const home = await t.call('GET', '/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<h1>Pre-rendered landing page</h1>');
    expect(home.text).not.toContain('__CSP_NONCE__');
    // The landing page reads ?setup= itself once hydrated.
    expect((await t.call('GET', '/?setup=true')).text).toContain('Pre-rendered landing page');
    expect((await t.call('GET', '/demo/hirehub')).text).toContain('Pre-rendered HireHub');
    expect((await t.call('GET', '/demo/hirehub/')).text).toContain('Pre-rendered HireHub');
    // A query changes what an app page shows first (?tab=, ?persona=): the app renders it.
    const tab = await t.call('GET', '/demo/hirehub?tab=inventory');
    expect(tab.text).not.toContain('Pre-rendered');
    expect(tab.text).toContain('<div id="root">');
    expect((await t.call('GET', '/demo')).text).not.toContain('Pre-rendered');
    expect((await t.call('GET', '/pages/index')).status).toBe(404);
  });

  it('sends no pre-rendered page in production mode: they show the demo', async () => {
    const production = await createTestContext({
      app: { clientDir },
      config: { demoMode: false },
      seed: false,
    });
    try {
      for (const page of ['/', '/demo/hirehub']) {
        const res = await production.call('GET', page);
        expect(res.status).toBe(200);
        expect(res.text).not.toContain('Pre-rendered');
      }
    } finally {
      await production.close();
    }
  });

  it('writes the public configuration into every page', async () => {
    const api = (await t.call('GET', '/api/config')).json;
    for (const page of ['/', '/admin', '/no/such/page']) {
      const res = await t.call('GET', page);
      const block = /<script id="public-config" type="application\/json">(.*?)<\/script>/.exec(
        res.text,
      );
      expect(block, page).not.toBeNull();
      expect(JSON.parse(block![1]!)).toEqual(api);
      expect(res.text.match(/<script/g)).toHaveLength(1);
    }
  });

  it('escapes the configuration so that no value can close its element', () => {
    const element = publicConfigElement({
      demoMode: true,
      allowSignup: false,
      ecosystemLinks: {
        home: '/</script><script>alert(1)</script>',
        sortstak: '/<!--',
        roleBuilder: '/',
        qrc: '/',
        talentspark: '/',
      },
      ssoDemo: null,
    });
    const inner = element.slice(element.indexOf('>') + 1, element.lastIndexOf('</script>'));
    expect(inner).not.toContain('<');
    expect(JSON.parse(inner).ecosystemLinks.home).toBe('/</script><script>alert(1)</script>');
  });

  it('sends build-time compressed assets and compresses pages', async () => {
    const asset = await t.call('GET', '/assets/app-abc123.js', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.text).toBe('brotli bytes');
    const plain = await t.call('GET', '/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.text).toBe('console.log(1)');

    const page = await t.app.request('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    const html = gunzipSync(Buffer.from(await page.arrayBuffer())).toString('utf8');
    expect(html).toContain('<h1>Pre-rendered landing page</h1>');
  });

  it('does not serve files outside the client folder', async () => {
    const res = await t.call('GET', '/..%2f..%2fpackage.json');
    expect(res.text).not.toContain('"name"');
  });
});
