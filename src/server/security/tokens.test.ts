import { createHash } from 'node:crypto';
import * as crypto from 'node:crypto';
import type * as Tokens from './tokens';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The real node:crypto, with timingSafeEqual watched: the comparison must go through it.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const timingSafeEqual = vi.mocked(crypto.timingSafeEqual);

// The set-up file loaded this module before the mock above: load it again, over the mock.
let safeEqual: typeof Tokens.safeEqual;
beforeAll(async () => {
  vi.resetModules();
  ({ safeEqual } = await import('./tokens'));
});
const digest = (text: string) => createHash('sha256').update(text).digest();

describe('safeEqual', () => {
  beforeEach(() => {
    timingSafeEqual.mockClear();
  });

  it.each([
    ['the same secret', 'a-secret-token', 'a-secret-token', true],
    ['a different secret', 'a-secret-token', 'a-secret-tokem', false],
    ['a secret of another length', 'a-secret-token', 'a', false],
    ['an empty secret', '', 'a-secret-token', false],
  ])('compares %s in constant time, over both SHA-256 digests', (_name, a, b, equal) => {
    expect(safeEqual(a, b)).toBe(equal);
    expect(timingSafeEqual).toHaveBeenCalledTimes(1);
    expect(timingSafeEqual).toHaveBeenCalledWith(digest(a), digest(b));
    expect(timingSafeEqual).toHaveReturnedWith(equal);
  });
});
