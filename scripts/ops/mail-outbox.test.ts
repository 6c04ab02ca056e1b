/**
 * `npm run mail:outbox`, against the app as a mailer would call it: the pending mails
 * as JSON lines, `--sent` marks them, the wrong key is refused.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestContext,
  TEST_SETUP_KEY,
  type TestContext,
} from '../../src/server/testing/harness';
import { ensureSetupKey } from '../../src/server/setup/setup-key';
import { mailOutbox } from './mail-outbox';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ config: { demoMode: false, allowSignup: true }, seed: false });
  await ensureSetupKey(t.db, t.config, () => {});
});
afterAll(() => t.close());

const toApp = async (url: string, init: RequestInit) => t.app.request(new URL(url).pathname, init);
const env = { PUBLIC_URL: 'http://mail.test', SETUP_CONFIRMATION_KEY: TEST_SETUP_KEY };

it('prints the pending mails as JSON lines and marks them sent', async () => {
  await t.call('POST', '/api/auth/sign-up', {
    body: {
      full_name: 'Mail Reader',
      email: 'mail.reader@x.example',
      password: 'a long passphrase',
    },
  });
  const listed = await mailOutbox([], env, toApp);
  expect(listed.code).toBe(0);
  expect(listed.lines).toHaveLength(1);
  const mail = JSON.parse(listed.lines[0]!);
  expect(mail).toMatchObject({ to: 'mail.reader@x.example', kind: 'sign_up_verify' });
  expect(mail.body).toContain('/auth/verify#token=');

  const marked = await mailOutbox(['--sent', mail.id], env, toApp);
  expect(marked).toEqual({ code: 0, lines: ['{"marked":1}'] });
  expect((await mailOutbox([], env, toApp)).lines).toEqual([]);
});

it('says what is wrong: no key, the wrong key, no ids', async () => {
  expect((await mailOutbox([], { PUBLIC_URL: 'http://mail.test' }, toApp)).code).toBe(2);
  expect((await mailOutbox(['--sent'], env, toApp)).code).toBe(2);
  const wrong = await mailOutbox([], { ...env, SETUP_CONFIRMATION_KEY: 'not the key' }, toApp);
  expect(wrong).toEqual({ code: 1, lines: ['403: The setup confirmation key is not valid'] });
});
