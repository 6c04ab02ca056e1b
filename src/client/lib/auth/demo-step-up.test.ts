import { describe, expect, it } from 'vitest';
import { STEP_UP_MAX_AGE_SECONDS } from '@shared/mfa-constants';
import { createDemoMfa, DEMO_WRONG_CODE } from './demo-mfa';

/** docs/product/sign-in.md#demo-step-up: the simulated step-up follows the server's rule. */
describe('the demo step-up', () => {
  const clock = () => {
    let at = Date.parse('2026-06-01T12:00:00.000Z');
    return {
      now: () => new Date(at),
      pass: (seconds: number) => {
        at += seconds * 1000;
      },
    };
  };

  it('asks nothing of a tab without a simulated factor', () => {
    const demo = createDemoMfa(clock().now);
    expect(demo.stepUpMethods()).toEqual([]);
  });

  it('asks once the last proof is older than the step-up window, and a code renews it', async () => {
    const time = clock();
    const demo = createDemoMfa(time.now);
    await demo.confirmTotp('123456');
    expect(demo.stepUpMethods()).toEqual([]);
    time.pass(STEP_UP_MAX_AGE_SECONDS);
    expect(demo.stepUpMethods()).toEqual(['totp']);
    await expect(demo.stepUpWithCode('12345')).rejects.toThrow(DEMO_WRONG_CODE);
    expect(demo.stepUpMethods()).toEqual(['totp']);
    await demo.stepUpWithCode('654321');
    expect(demo.stepUpMethods()).toEqual([]);
  });

  it('offers a simulated passkey, which passes with no prompt', async () => {
    const time = clock();
    const demo = createDemoMfa(time.now);
    await demo.passkeys.add('Laptop');
    expect(demo.stepUpMethods()).toEqual(['passkey']);
    await demo.stepUpWithPasskey();
    expect(demo.stepUpMethods()).toEqual([]);
    time.pass(STEP_UP_MAX_AGE_SECONDS);
    expect(demo.stepUpMethods()).toEqual(['passkey']);
  });
});
