import { Secret, TOTP } from 'otpauth';
import { expect, test } from './fixtures';
import { startIsolatedServer, type IsolatedServer } from './support/isolated-server';
import { createSystemAdmins, signInWithPassword } from './support/production';

/**
 * Step-up and the second factor's policy in production mode
 * (docs/product/sign-in.md#step-up, docs/product/sign-in.md#enrolment-required):
 * an administrator whose session has no recent second factor is asked
 * "Confirm it's you" before an approval and passes with a code; an
 * administrator without a factor is sent to set one up before the console
 * opens. On a server of its own, whose system administrators this spec creates.
 */
let server: IsolatedServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startIsolatedServer({ demoMode: false });
});
test.afterAll(async () => {
  await server?.stop();
});

const PASSWORD = 'a passphrase that needs a step';
const INVITEE = { email: 'pat.reviewer@example.com', password: 'pat passphrase 2026 ok' };

test('an approval asks for a step-up that a code passes; the policy holds an administrator to enrolment', async ({
  page,
  browser,
  allowConsoleErrors,
}) => {
  test.setTimeout(300_000);
  // The refused step-ups (403) and the wrong code (401) are logged by the browser.
  allowConsoleErrors(/status of 40[13]/);
  const api = page.request;
  const call = async (
    method: 'get' | 'post' | 'put',
    path: string,
    token: string,
    data?: unknown,
  ) => {
    const res = await api.fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(data === undefined ? {} : { data }),
    });
    return { status: res.status(), json: (await res.json().catch(() => null)) as any };
  };

  // The first system administrator changes the password through the API (session S1).
  const [first] = await createSystemAdmins(page, server.url);
  const signIn = await api.post(`${server.url}/api/auth/sign-in`, {
    data: { email: first!.email, password: first!.password },
  });
  const s1 = ((await signIn.json()) as { access_token: string }).access_token;
  expect(
    (
      await call('post', '/api/auth/password', s1, {
        current_password: first!.password,
        new_password: PASSWORD,
      })
    ).status,
  ).toBe(200);

  // The browser signs in (session S2) and is held to the set-up: no factor yet.
  await signInWithPassword(page, { email: first!.email, password: PASSWORD }, `${server.url}/auth`);
  await expect(
    page.getByRole('heading', { name: 'Set up two-step sign-in to continue' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/account\/security$/);

  // The authenticator app is set up in S1; S2 has proved no second factor.
  const started = await call('post', '/api/auth/mfa/totp', s1);
  const app = new TOTP({ secret: Secret.fromBase32(started.json.secret as string) });
  expect(
    (await call('post', '/api/auth/mfa/totp/confirm', s1, { code: app.generate() })).status,
  ).toBe(200);
  await page.getByRole('button', { name: 'I have set one up: continue' }).click();
  await page.getByRole('link', { name: 'Continue to the console' }).click();
  await expect(page.getByRole('tab', { name: 'Users' })).toBeVisible();

  // A platform administrator, invited through S1, asks for a credential.
  const invited = await call('post', '/api/admin/invitations', s1, {
    email: INVITEE.email,
    full_name: 'Pat Reviewer',
    roles: ['user', 'platform_admin'],
  });
  expect(invited.status).toBe(201);
  const token = /#token=([A-Za-z0-9_-]+)/.exec(invited.json.link as string)![1]!;
  const accepted = await api.post(`${server.url}/api/invitations/accept`, {
    data: { token, password: INVITEE.password, full_name: 'Pat Reviewer' },
  });
  expect(accepted.status()).toBe(201);
  const pat = ((await accepted.json()) as { access_token: string }).access_token;
  const apps = await call('get', '/api/admin/apps', pat);
  const hirehub = (apps.json.apps as { id: string; app_name: string }[]).find(
    (a) => a.app_name === 'HireHub',
  )!;
  const requested = await call('post', '/api/admin/credential-requests', pat, {
    target_app_id: hirehub.id,
    access_type: 'api_key',
    justification: 'Rotating the import key',
  });
  expect(requested.status).toBe(201);

  // The approval asks "Confirm it's you"; Cancel changes nothing; a code passes and it is done.
  await page.getByRole('tab', { name: 'Security', exact: true }).click();
  const approveButton = page.getByRole('button', { name: /^Approve / }).first();
  const approveOnce = async () => {
    await approveButton.click();
    const review = page.getByRole('dialog', { name: 'Approve Credential Access' });
    await review.getByLabel('Reason').fill('Scoped to this week');
    await review.getByRole('button', { name: 'Approve Request' }).click();
  };
  await approveOnce();
  const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(stepUp).toBeVisible();
  await expect(stepUp.getByLabel('Authenticator code')).toBeFocused();
  await stepUp.getByRole('button', { name: 'Cancel' }).click();
  await expect(stepUp).toHaveCount(0);
  await expect(page.getByText('Cancelled: nothing was changed.').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(approveButton).toBeVisible();
  await approveOnce();
  await expect(stepUp).toBeVisible();
  await stepUp.getByLabel('Authenticator code').fill('000000');
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp.getByRole('alert')).toHaveText(
    'That code is not valid. Try the current one.',
  );
  await stepUp
    .getByLabel('Authenticator code')
    .fill(app.generate({ timestamp: Date.now() + 30_000 }));
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp).toHaveCount(0);
  await expect(page.getByText('Request Approved')).toBeVisible();

  // The policy now requires a second factor of administrators (S1 proved one minutes ago).
  expect(
    (
      await call('put', '/api/admin/settings/second-factor-policy', s1, {
        policy: 'administrators',
      })
    ).status,
  ).toBe(200);
  const other = await browser.newContext();
  const patPage = await other.newPage();
  await signInWithPassword(patPage, INVITEE, `${server.url}/auth?redirect=%2Fadmin`);
  await expect(
    patPage.getByRole('heading', { name: 'Set up two-step sign-in to continue' }),
  ).toBeVisible();
  await expect(patPage).toHaveURL(/\/account\/security$/);
  await expect(patPage.getByRole('tab', { name: 'Users' })).toHaveCount(0);
  await other.close();
});
