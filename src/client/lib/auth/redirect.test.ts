import { describe, expect, it } from 'vitest';
import { isProtectedPath, safeRedirectPath, signInPath } from './redirect';

describe('isProtectedPath', () => {
  it.each(['/admin', '/hirehub', '/settings', '/auth-redirect', '/qrc/'])('%s is protected', (p) =>
    expect(isProtectedPath(p)).toBe(true),
  );
  it.each(['/', '/demo', '/demo/admin', '/demo/hirehub', '/final-todo', '/auth', '/nope'])(
    '%s is public',
    (p) => expect(isProtectedPath(p)).toBe(false),
  );
});

describe('safeRedirectPath', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeRedirectPath('/admin?tab=users#top')).toBe('/admin?tab=users#top');
    expect(safeRedirectPath('/auth-redirect?app_id=1&redirect_url=x')).toBe(
      '/auth-redirect?app_id=1&redirect_url=x',
    );
  });

  it.each([
    null,
    '',
    'admin',
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    '/\tadmin',
    'javascript:alert(1)',
    '/auth',
    '/auth?redirect=/admin',
  ])('refuses %s', (value) => expect(safeRedirectPath(value)).toBeNull());
});

describe('signInPath', () => {
  it('remembers where the user was going', () => {
    expect(signInPath('/admin?tab=users')).toBe('/auth?redirect=%2Fadmin%3Ftab%3Dusers');
  });
  it('is plain /auth without a usable target', () => {
    expect(signInPath(undefined)).toBe('/auth');
    expect(signInPath('https://evil.example')).toBe('/auth');
  });
});
