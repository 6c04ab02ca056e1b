import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from './passwords';

// Each full-strength derivation is meant to be slow (about half a second, more on a busy machine).
const SLOW = 60_000;

describe('password hashing', () => {
  it(
    'stores scrypt at N=2^17, r=8, p=1 with its salt in one string',
    async () => {
      const stored = await hashPassword('correct horse battery staple');
      expect(stored).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    },
    SLOW,
  );

  it(
    'verifies the right password and refuses a wrong one',
    async () => {
      const stored = await hashPassword('s3cret-pass');
      expect(await verifyPassword('s3cret-pass', stored)).toBe(true);
      expect(await verifyPassword('s3cret-pasS', stored)).toBe(false);
    },
    SLOW,
  );

  it('salts every hash', async () => {
    const a = await hashPassword('same', { logN: 10, r: 8, p: 1 });
    const b = await hashPassword('same', { logN: 10, r: 8, p: 1 });
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
  });

  it('never matches a malformed or out-of-range hash', async () => {
    const good = await hashPassword('x', { logN: 10, r: 8, p: 1 });
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', good.replace('scrypt$10', 'scrypt$30'))).toBe(false);
    expect(await verifyPassword('x', `${good.slice(0, -4)}`)).toBe(false);
  });

  it('generates distinct 24-character passwords', () => {
    const seen = new Set(Array.from({ length: 50 }, generatePassword));
    expect(seen.size).toBe(50);
    for (const p of seen) expect(p).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});
