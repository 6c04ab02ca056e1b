import { describe, expect, it } from 'vitest';
import { hostileRedirects, TARGET_ORIGIN } from '../testing/hostile-redirects';
import { checkRedirect } from './redirect-policy';

const APP = TARGET_ORIGIN;

describe('sign-on redirect policy', () => {
  it.each([
    'https://hirehub.example',
    'https://hirehub.example/',
    'https://hirehub.example/sso/callback',
    'https://hirehub.example/sso/callback?next=%2Fjobs#top',
  ])('accepts %s', (url) => {
    expect(checkRedirect(url, APP)).toMatchObject({ ok: true });
  });

  it(`refuses ${hostileRedirects.length} hostile addresses`, () => {
    expect(hostileRedirects.length).toBeGreaterThanOrEqual(30);
    const accepted = hostileRedirects.filter(({ url }) => checkRedirect(url, APP).ok);
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
