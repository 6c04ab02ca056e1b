import { describe, expect, it } from 'vitest';
import { checkRedirect } from './redirect-policy';

const APP = 'https://hirehub.example';

describe('sign-on redirect policy', () => {
  it.each([
    'https://hirehub.example',
    'https://hirehub.example/',
    'https://hirehub.example/sso/callback',
    'https://hirehub.example/sso/callback?next=%2Fjobs#top',
  ])('accepts %s', (url) => {
    expect(checkRedirect(url, APP)).toMatchObject({ ok: true });
  });

  const hostile = [
    // other origins and look-alike hosts
    'https://evil.example/',
    'https://hirehub.example.evil.com/',
    'https://hirehub.examplе/', // Cyrillic e
    'https://xn--hirehub-example/',
    'https://hirehub-example.com/',
    'https://evilhirehub.example/',
    'https://sub.hirehub.example/',
    'https://hirehub.example.',
    'https://hirehub.example./path',
    // other ports and schemes
    'https://hirehub.example:8443/',
    'https://hirehub.example:443/',
    'http://hirehub.example/',
    'ftp://hirehub.example/',
    'ws://hirehub.example/',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(document.cookie)',
    'javascript://hirehub.example/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    // user-info tricks
    'https://hirehub.example@evil.example/',
    'https://user:pass@hirehub.example/',
    'https://hirehub.example:@evil.example/',
    'https://hirehub.example%40evil.example/',
    'https://evil.example#@hirehub.example/',
    'https://evil.example?@hirehub.example/',
    // encoded and mixed-case forms
    'HTTPS://HIREHUB.EXAMPLE/',
    'https://HireHub.example/',
    'https://hirehub%2eexample/',
    'https%3A%2F%2Fevil.example%2F',
    'https://hirehub.example%2F@evil.example/',
    'https://%68irehub.example/',
    // parser differentials
    'https://hirehub.example\\@evil.example/',
    'https:\\\\evil.example',
    'https://hirehub.example\t.evil.example/',
    ' https://hirehub.example/',
    'https://hirehub.example/\nLocation: https://evil.example',
    // relative and protocol-relative
    '/sso/callback',
    '//evil.example/',
    '///evil.example/',
    '\\\\evil.example',
    'evil.example',
    '',
    `https://hirehub.example/${'a'.repeat(2100)}`,
  ];

  it(`refuses ${hostile.length} hostile addresses`, () => {
    expect(hostile.length).toBeGreaterThanOrEqual(30);
    const accepted = hostile.filter((url) => checkRedirect(url, APP).ok);
    expect(accepted).toEqual([]);
  });

  it('gives a reason a person can act on', () => {
    const decision = checkRedirect('https://evil.example/', APP);
    expect(decision).toEqual({
      ok: false,
      reason:
        "The redirect URL must be on the application's own address (https://hirehub.example).",
    });
  });

  it('matches an application registered with a port exactly', () => {
    expect(
      checkRedirect('http://127.0.0.1:4310/sso/demo-callback', 'http://127.0.0.1:4310').ok,
    ).toBe(true);
    expect(
      checkRedirect('http://127.0.0.1:4311/sso/demo-callback', 'http://127.0.0.1:4310').ok,
    ).toBe(false);
    expect(
      checkRedirect('http://localhost:4310/sso/demo-callback', 'http://127.0.0.1:4310').ok,
    ).toBe(false);
  });
});
