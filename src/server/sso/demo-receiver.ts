import { hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { deviceCookieKey } from '../auth/device-cookie';
import type { Config } from '../core/config';
import type { Db } from '../db/client';
import { appSettings, applications } from '../db/schema';
import { sha256Hex } from '../security/tokens';

export const DEMO_RECEIVER_NAME = 'SSO Demo Receiver';
export const DEMO_RECEIVER_TYPE = 'sso_demo_receiver';
export const DEMO_RECEIVER_PATH = '/sso/demo-callback';
/** Its sign-in start (OpenID Connect's initiate_login_uri) and its page after signing out. */
export const DEMO_LOGIN_PATH = '/sso/demo-login';
export const DEMO_SIGNED_OUT_PATH = '/sso/demo-signed-out';
/** What it asks the provider for: the person's claims and a refresh token. */
export const DEMO_RECEIVER_SCOPES = ['openid', 'email', 'profile', 'roles', 'offline_access'];
const KEY_SETTING = 'sso_demo_receiver_key';

export type DemoReceiver = { appId: string; appName: string; callbackUrl: string; apiKey: string };

/**
 * The receiver's client secret at the OpenID Provider: derived from the server's device key
 * (auth/device-cookie.ts), so it is kept where the other server secrets are and never stored;
 * the application row holds its SHA-256 only, as for any confidential client.
 */
export function demoReceiverClientSecret(config: Config): string {
  return Buffer.from(
    hkdfSync('sha256', deviceCookieKey(config), '', 'sso-demo-receiver-client-secret-v1', 32),
  ).toString('base64url');
}

/**
 * In production mode the receiver is a confidential OpenID Connect client of this server's
 * provider (docs/product/sign-on.md#demo-receiver): its client id is its application id, its
 * redirect URI its callback, and it may sign out back to its own page. It is the product's own
 * application, so it is first-party: people are not asked to consent
 * (docs/product/sign-on.md#oidc-consent), and the step is the one the sign-on link shows.
 */
function oidcRegistration(config: Config) {
  if (config.demoMode) {
    return {
      oidcClientId: null,
      oidcRedirectUris: [],
      oidcPostLogoutRedirectUris: [],
      oidcClientSecretHash: null,
    };
  }
  return {
    oidcRedirectUris: [`${config.publicUrl}${DEMO_RECEIVER_PATH}`],
    oidcPostLogoutRedirectUris: [`${config.publicUrl}${DEMO_SIGNED_OUT_PATH}`],
    oidcScopes: DEMO_RECEIVER_SCOPES,
    oidcClientSecretHash: sha256Hex(demoReceiverClientSecret(config)),
    oidcFirstParty: true,
  };
}

/**
 * The built-in application that receives the sign-on step, so the whole flow
 * runs on one machine. It is registered at this server's public origin; its
 * API key is shared by every server process through app_settings (it is the
 * server's own key to itself, so keeping it there costs nothing).
 */
export async function ensureDemoReceiver(db: Db, config: Config): Promise<DemoReceiver> {
  await db
    .insert(appSettings)
    .values({ key: KEY_SETTING, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [setting] = await db.select().from(appSettings).where(eq(appSettings.key, KEY_SETTING));
  const apiKey = setting!.value;
  const values = {
    appName: DEMO_RECEIVER_NAME,
    appUrl: config.publicUrl,
    appType: DEMO_RECEIVER_TYPE,
    isActive: true,
    apiKeyHash: sha256Hex(apiKey),
  };
  const [existing] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.appType, DEMO_RECEIVER_TYPE));
  let appId: string;
  if (existing) {
    await db.update(applications).set(values).where(eq(applications.id, existing.id));
    appId = existing.id;
  } else {
    const [row] = await db.insert(applications).values(values).returning({ id: applications.id });
    appId = row!.id;
  }
  const registration = oidcRegistration(config);
  await db
    .update(applications)
    .set(config.demoMode ? registration : { oidcClientId: appId, ...registration })
    .where(eq(applications.id, appId));
  return {
    appId,
    appName: DEMO_RECEIVER_NAME,
    callbackUrl: `${config.publicUrl}${DEMO_RECEIVER_PATH}`,
    apiKey,
  };
}

const cache = new WeakMap<object, Promise<DemoReceiver>>();

/** The receiver, registered once per server process (and again if its row was removed). */
export function demoReceiver(db: Db, config: Config): Promise<DemoReceiver> {
  let pending = cache.get(db);
  if (!pending) {
    pending = ensureDemoReceiver(db, config).catch((err: unknown) => {
      cache.delete(db);
      throw err;
    });
    cache.set(db, pending);
  }
  return pending;
}
