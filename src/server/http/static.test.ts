import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestContext, type TestContext } from '../testing/harness';
import { withTheme } from './static';

// docs/product/public-site.md#dark-mode: the theme cookie decides <html data-theme> before any script.
let t: TestContext;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'client-'));
  const page = (body: string) =>
    `<!doctype html><html lang="en"><head><meta name="csp-nonce" content="__CSP_NONCE__"></head><body>${body}</body></html>`;
  writeFileSync(path.join(clientDir, 'index.html'), page('<div id="root"></div>'));
  mkdirSync(path.join(clientDir, 'pages'));
  writeFileSync(path.join(clientDir, 'pages', 'index.html'), page('<h1>Landing</h1>'));
  t = await createTestContext({ app: { clientDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const htmlTag = (text: string) => /<html[^>]*>/.exec(text)?.[0];

describe('the theme cookie', () => {
  it.each([
    ['/', 'a pre-rendered page'],
    ['/admin', 'the app shell'],
    ['/no-such-page', 'the not-found document'],
  ])('marks %s (%s) with the chosen theme', async (where) => {
    for (const theme of ['dark', 'light']) {
      const res = await t.call('GET', where, { headers: { cookie: `ted_theme=${theme}` } });
      expect(htmlTag(res.text)).toBe(`<html data-theme="${theme}" lang="en">`);
    }
  });

  it('leaves the document to the system preference without a cookie', async () => {
    const res = await t.call('GET', '/');
    expect(htmlTag(res.text)).toBe('<html lang="en">');
  });

  it.each(['auto', 'DARK', 'dark"><script>', '', 'light dark'])(
    'ignores a cookie of %j',
    async (value) => {
      const res = await t.call('GET', '/admin', {
        headers: { cookie: `ted_theme=${encodeURIComponent(value)}` },
      });
      expect(res.status).toBe(200);
      expect(htmlTag(res.text)).toBe('<html lang="en">');
    },
  );

  it('reads the cookie among others', async () => {
    const res = await t.call('GET', '/demo', {
      headers: { cookie: 'a=1; ted_theme=dark; b=2' },
    });
    expect(htmlTag(res.text)).toBe('<html data-theme="dark" lang="en">');
  });

  it('tells caches that the document depends on the cookie, with or without one', async () => {
    const cookies: Record<string, string>[] = [{}, { cookie: 'ted_theme=dark' }];
    for (const headers of cookies) {
      const res = await t.call('GET', '/', { headers: { ...headers, 'accept-encoding': 'gzip' } });
      const vary = (res.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase());
      expect(vary).toContain('cookie');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('etag')).toBeNull();
    }
  });

  it('keeps the nonce and the rest of the document as they were', async () => {
    const res = await t.call('GET', '/', { headers: { cookie: 'ted_theme=light' } });
    expect(res.text).toContain('<h1>Landing</h1>');
    expect(res.text).not.toContain('__CSP_NONCE__');
  });
});

describe('withTheme', () => {
  it('adds the attribute to the first <html> tag only, and nothing without a theme', () => {
    const doc = '<!doctype html><html lang="en"><body><p>&lt;html&gt;</p></body></html>';
    expect(withTheme(doc, 'dark')).toBe(
      '<!doctype html><html data-theme="dark" lang="en"><body><p>&lt;html&gt;</p></body></html>',
    );
    expect(withTheme(doc, null)).toBe(doc);
  });
});

describe('the SSO Demo Receiver, served outside the client document', () => {
  it('carries the chosen theme and varies on the cookie', async () => {
    const dark = await t.call('GET', '/sso/demo-callback', {
      headers: { cookie: 'ted_theme=dark' },
    });
    expect(htmlTag(dark.text)).toMatch(/^<html lang="en"\s+data-theme="dark">$/);
    expect(dark.headers.get('vary')).toContain('Cookie');
    const none = await t.call('GET', '/sso/demo-callback', { headers: { cookie: 'ted_theme=x' } });
    expect(htmlTag(none.text)).toMatch(/^<html lang="en"\s*>$/);
    // Its own stylesheet has the dark palette for the system preference and the attribute.
    expect(none.text).toContain('@media (prefers-color-scheme:dark)');
  });
});
