import { expect, expectAccessible, expectModalAccessible, test } from './fixtures';
import { expectToast, recordToasts } from './support/auth';
import { atLocalhost, startIsolatedServer, type IsolatedServer } from './support/isolated-server';
import { firstAdminWithOwnPassword, storedTokens } from './support/production';
import { addVirtualAuthenticator } from './support/virtual-authenticator';

/**
 * A step-up passed with a passkey (docs/product/sign-in.md#step-up) in real Chromium, whose
 * virtual authenticator stands for the administrator's device: the administrator's only second
 * factor is a passkey added in this very session (adding one proves nothing), so the approval
 * asks "Confirm it's you" with a passkey alone, and the passkey passes it; then the policy is
 * set on the Settings tab (docs/product/admin-console.md#second-factor-settings). On a server of its
 * own, opened at localhost (browsers refuse an IP address as the relying party).
 */
let server: IsolatedServer;
let origin: string;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startIsolatedServer({ demoMode: false });
  origin = atLocalhost(server);
});
test.afterAll(async () => {
  await server?.stop();
});

const PASSWORD = 'a passphrase before the step-up';
const INVITEE = { email: 'sam.requester@example.com', password: 'sam passphrase 2026 ok' };

test('an approval asks for a step-up that the administrator’s passkey passes', async ({
  page,
  allowConsoleErrors,
}) => {
  test.setTimeout(300_000);
  // The refused step-up (403) is logged by the browser before the dialog asks.
  allowConsoleErrors(/status of 403/);
  await recordToasts(page);
  const api = page.request;
  const call = async (method: 'get' | 'post', path: string, token: string, data?: unknown) => {
    const res = await api.fetch(`${origin}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(data === undefined ? {} : { data }),
    });
    return { status: res.status(), json: (await res.json().catch(() => null)) as any };
  };

  // The first system administrator changes the password and is held to the set-up.
  await firstAdminWithOwnPassword(page, origin, PASSWORD);
  await expect(
    page.getByRole('heading', { name: 'Set up two-step sign-in to continue' }),
  ).toBeVisible({ timeout: 60_000 });

  // A passkey is the account's one second factor; adding it proves no step-up.
  const authenticator = await addVirtualAuthenticator(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const add = page.getByRole('dialog', { name: 'Add a passkey' });
  await add.getByLabel('Name').fill('Work laptop');
  await add.getByRole('button', { name: 'Continue' }).click();
  await expectToast(
    page,
    'Passkey added',
    'You can sign in with it alone, or use it after your password.',
  );
  expect(await authenticator.credentials()).toHaveLength(1);
  // Added in this page, the passkey opens the console at once.
  await page.getByRole('link', { name: 'Continue to the console' }).click();
  await expect(page.getByRole('tab', { name: 'Users' })).toBeVisible();

  // A platform administrator, invited with the browser's session, asks for a credential.
  const token = (await storedTokens(page))!.access_token;
  const invited = await call('post', '/api/admin/invitations', token, {
    email: INVITEE.email,
    full_name: 'Sam Requester',
    roles: ['user', 'platform_admin'],
  });
  expect(invited.status).toBe(201);
  const link = /#token=([A-Za-z0-9_-]+)/.exec(invited.json.link as string)![1]!;
  const accepted = await api.post(`${origin}/api/invitations/accept`, {
    data: { token: link, password: INVITEE.password, full_name: 'Sam Requester' },
  });
  expect(accepted.status()).toBe(201);
  const sam = ((await accepted.json()) as { access_token: string }).access_token;
  const apps = await call('get', '/api/admin/apps', sam);
  const hirehub = (apps.json.apps as { id: string; app_name: string }[]).find(
    (a) => a.app_name === 'HireHub',
  )!;
  const requested = await call('post', '/api/admin/credential-requests', sam, {
    target_app_id: hirehub.id,
    access_type: 'api_key',
    justification: 'Rotating the import key',
  });
  expect(requested.status).toBe(201);

  // The approval asks "Confirm it's you" with the passkey alone, and the passkey passes it.
  await page.getByRole('tab', { name: 'Security', exact: true }).click();
  await page
    .getByRole('button', { name: /^Approve / })
    .first()
    .click();
  const review = page.getByRole('dialog', { name: 'Approve Credential Access' });
  await review.getByLabel('Reason').fill('Scoped to this week');
  await review.getByRole('button', { name: 'Approve Request' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(stepUp).toBeVisible();
  await expect(stepUp).toContainText(
    'This action needs your second factor from the last 5 minutes. Use one of your passkeys.',
  );
  await expect(stepUp.getByLabel('Authenticator code')).toHaveCount(0);
  await expectModalAccessible(page);
  await stepUp.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(stepUp).toHaveCount(0);
  await expect(page.getByText('Request Approved')).toBeVisible();

  // Proved a moment ago, the Super Admin sets the policy on the Settings tab without a new step.
  await page.getByRole('tab', { name: 'Settings' }).click();
  const settings = page.getByRole('tabpanel', { name: 'Settings' });
  await expect(settings.getByRole('radio', { name: /^Not required/ })).toBeChecked();
  await settings.getByRole('radio', { name: /^Required for administrators/ }).check();
  await settings.getByRole('button', { name: 'Save policy' }).click();
  await expectToast(page, 'Two-step sign-in policy saved', 'Required for administrators');
  await expect(settings.getByText('Required for administrators (now)')).toBeVisible();
  expect((await call('get', '/api/admin/settings/second-factor-policy', token)).json).toEqual({
    policy: 'administrators',
  });
  await expectAccessible(page, { include: ['[role="tabpanel"]'] });
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await expectAccessible(page, { include: ['[role="tabpanel"]'], colorsOnly: true });

  // The trail holds the step-up, passed with the passkey.
  const trail = await call('get', '/api/admin/audit?type=auth.mfa.step_up.passed', token);
  expect(trail.status).toBe(200);
  expect(trail.json.events).toHaveLength(1);
  expect(trail.json.events[0].details).toMatchObject({ method: 'passkey' });
});
