import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { E2E_SETUP_KEY } from '../../../playwright.config';

/** Helpers for the production-mode specs (`*.prod.spec.ts`, DEMO_MODE=false). */

export type Account = { email: string; password: string };

/**
 * Creates the three system administrators through the landing page's setup
 * panel and reads their generated passwords off the screen. `origin` names a
 * server of the spec's own (the run's production server by default).
 */
export async function createSystemAdmins(page: Page, origin = ''): Promise<Account[]> {
  await page.goto(`${origin}/?setup=true`);
  await page.getByLabel('Setup confirmation key').fill(E2E_SETUP_KEY);
  await page.getByRole('button', { name: 'Create System Admins' }).click();
  // Three scrypt hashes at N=2^17: a few seconds on a busy machine.
  await expect(page.getByText('System admins processed successfully!')).toBeVisible({
    timeout: 60_000,
  });
  const items = page
    .getByRole('list', { name: 'System administrator accounts' })
    .getByRole('listitem');
  await expect(items).toHaveCount(3);
  const accounts: Account[] = [];
  for (const item of await items.all()) {
    const email = (await item.getByText(/@talentecosystem\.demo$/).textContent())!.trim();
    const password = (await item.getByRole('code').textContent())!.trim();
    accounts.push({ email, password });
  }
  return accounts;
}

/** Signs in on /auth with email and password. */
export async function signInWithPassword(page: Page, account: Account, path = '/auth') {
  await page.goto(path);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The session as the app keeps it (tokens included). */
export function storedTokens(page: Page) {
  return page.evaluate(() => {
    const raw = localStorage.getItem('ted.auth.session');
    return raw
      ? (JSON.parse(raw) as { access_token: string; refresh_token: string; expires_at: number })
      : null;
  });
}

/**
 * The verify link of the newest sign-up mail to `email`, read from the mail outbox as the
 * operator's mailer reads it (POST /api/setup/mail-outbox with the setup key). Waits for it.
 */
export async function mailedVerifyLink(page: Page, email: string, origin = ''): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const res = await page.request.post(`${origin}/api/setup/mail-outbox`, {
      data: { confirmation_key: E2E_SETUP_KEY },
    });
    expect(res.status()).toBe(200);
    const { mails } = (await res.json()) as {
      mails: { to: string; kind: string; body: string }[];
    };
    const mail = mails.findLast((m) => m.to === email && m.kind === 'sign_up_verify');
    link = /https?:\/\/\S+\/auth\/verify#token=[A-Za-z0-9_-]+/.exec(mail?.body ?? '')?.[0];
    expect(link).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  return link!;
}

/**
 * Sets up an authenticator app on /account/security, where an account that must have a second
 * factor is held after signing in (docs/product/sign-in.md#enrolment-required): the code is
 * computed from the key the screen shows, as an app would. Leaves the page on the console.
 * Answers the app, for the sign-ins that follow.
 */
export async function enrolAuthenticatorApp(page: Page): Promise<TOTP> {
  await expect(
    page.getByRole('heading', { name: 'Set up two-step sign-in to continue' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const key = (await page.getByLabel('Setup key').textContent())!;
  const app = new TOTP({ secret: Secret.fromBase32(key.replace(/ /g, '')) });
  await page.getByLabel('Code from the app').fill(app.generate());
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page.getByRole('link', { name: 'Continue to the console' }).click();
  await expect(page.getByRole('tab', { name: 'Users' })).toBeVisible();
  return app;
}

/**
 * The sign-in's second step with the app's code for the next 30-second step (never one the
 * server has seen in this step, which it would refuse as reused).
 */
export async function passSecondStep(page: Page, app: TOTP) {
  const field = page.getByLabel('Authenticator code');
  await expect(field).toBeVisible();
  await field.fill(app.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/**
 * The first of setup's administrators, signed in on `origin` with a password of their own: the
 * set-up of a second factor is next (docs/product/sign-in.md#enrolment-required).
 */
export async function firstAdminWithOwnPassword(page: Page, origin: string, password: string) {
  const [first] = await createSystemAdmins(page, origin);
  await signInWithPassword(page, first!, `${origin}/auth`);
  await page.getByLabel('Current password').fill(first!.password);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the new password').fill(password);
  await page.getByRole('button', { name: 'Change Password' }).click();
  return { email: first!.email, password };
}

/**
 * As `firstAdminWithOwnPassword`, with an authenticator app set up: the console is open.
 * The app's confirming code counts as a fresh second factor for the next minutes.
 */
export async function firstAdminEnrolled(page: Page, origin: string, password: string) {
  const account = await firstAdminWithOwnPassword(page, origin, password);
  const app = await enrolAuthenticatorApp(page);
  return { account, app };
}
