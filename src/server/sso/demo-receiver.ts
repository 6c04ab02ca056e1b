import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../core/config';
import type { Db } from '../db/client';
import { appSettings, applications } from '../db/schema';
import { sha256Hex } from '../security/tokens';

export const DEMO_RECEIVER_NAME = 'SSO Demo Receiver';
const DEMO_RECEIVER_TYPE = 'sso_demo_receiver';
export const DEMO_RECEIVER_PATH = '/sso/demo-callback';
const KEY_SETTING = 'sso_demo_receiver_key';

export type DemoReceiver = { appId: string; appName: string; callbackUrl: string; apiKey: string };

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
