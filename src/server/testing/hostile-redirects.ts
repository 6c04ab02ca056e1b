/**
 * Addresses the sign-on step must never send a user to (docs/product/quality.md#hostile-redirects), aimed at
 * one registered application. Kept in one place so the redirect policy's unit
 * test and the API test of POST /api/sso/initiate try the same list.
 */

/** The origin the hostile values imitate: HireHub, active in the seed (db/seed-data.ts). */
export const TARGET_ORIGIN = 'https://hirehub.example';

const hostileByKind = {
  'another origin or a look-alike host': [
    'https://evil.example/',
    'https://hirehub.example.evil.com/',
    'https://hirehub.examplе/', // Cyrillic e
    'https://xn--hirehub-example/',
    'https://hirehub-example.com/',
    'https://evilhirehub.example/',
    'https://sub.hirehub.example/',
    'https://hirehub.example.',
    'https://hirehub.example./path',
  ],
  'another port or scheme': [
    'https://hirehub.example:8443/',
    'https://hirehub.example:443/',
    'http://hirehub.example/',
    'ftp://hirehub.example/',
    'ws://hirehub.example/',
    'file:///etc/passwd',
  ],
  'a script or data URL': [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(document.cookie)',
    'javascript://hirehub.example/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
  ],
  'a user-info trick': [
    'https://hirehub.example@evil.example/',
    'https://user:pass@hirehub.example/',
    'https://hirehub.example:@evil.example/',
    'https://hirehub.example%40evil.example/',
    'https://evil.example#@hirehub.example/',
    'https://evil.example?@hirehub.example/',
  ],
  'an encoded or mixed-case form': [
    'HTTPS://HIREHUB.EXAMPLE/',
    'https://HireHub.example/',
    'https://hirehub%2eexample/',
    'https%3A%2F%2Fevil.example%2F',
    'https://hirehub.example%2F@evil.example/',
    'https://%68irehub.example/',
  ],
  'a parser differential': [
    'https://hirehub.example\\@evil.example/',
    'https:\\\\evil.example',
    'https://hirehub.example\t.evil.example/',
    ' https://hirehub.example/',
    'https://hirehub.example/\nLocation: https://evil.example',
  ],
  'a relative or protocol-relative URL': [
    '/sso/callback',
    '//evil.example/',
    '///evil.example/',
    '\\\\evil.example',
    'evil.example',
  ],
  'an empty or over-long value': ['', `${TARGET_ORIGIN}/${'a'.repeat(2100)}`],
} satisfies Record<string, string[]>;

export type HostileRedirect = { kind: string; url: string; label: string };

/** Short enough to name a test by; JSON so that control characters show. */
const labelOf = (url: string) => {
  const shown = JSON.stringify(url);
  return shown.length > 70 ? `${shown.slice(0, 60)}… (${url.length} chars)` : shown;
};

export const hostileRedirects: HostileRedirect[] = Object.entries(hostileByKind).flatMap(
  ([kind, urls]) => urls.map((url) => ({ kind, url, label: labelOf(url) })),
);
