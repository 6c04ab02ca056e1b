import * as crypto from 'node:crypto';
import type * as SetupKey from './setup-key';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, TEST_SETUP_KEY, type TestContext } from '../testing/harness';

// The real node:crypto, with timingSafeEqual watched: the key must be compared through it.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const timingSafeEqual = vi.mocked(crypto.timingSafeEqual);

let t: TestContext;
let checkSetupKey: typeof SetupKey.checkSetupKey;
beforeAll(async () => {
  // The set-up file loaded the server's modules before the mock above: load them again, over it.
  vi.resetModules();
  const setupKey = await import('./setup-key');
  checkSetupKey = setupKey.checkSetupKey;
  t = await createTestContext({ seed: false });
  await setupKey.ensureSetupKey(t.db, t.deps.config, () => {});
});
afterAll(() => t.close());

describe('checkSetupKey', () => {
  beforeEach(() => {
    timingSafeEqual.mockClear();
  });

  it.each([
    ['the right key', TEST_SETUP_KEY, true],
    ['a key one character off', `${TEST_SETUP_KEY.slice(0, -1)}x`, false],
    ['a short key', 'x', false],
    ['an empty key', '', false],
  ])('compares %s in constant time', async (_name, supplied, right) => {
    expect(await checkSetupKey(t.db, supplied)).toBe(right);
    expect(timingSafeEqual).toHaveBeenCalledTimes(1);
    expect(timingSafeEqual).toHaveReturnedWith(right);
  });
});
