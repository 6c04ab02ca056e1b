import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Config } from '../core/config';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema';
import { safeEqual, sha256Hex } from '../security/tokens';

const KEY = 'setup_confirmation_key_sha256';

/**
 * Makes sure a setup confirmation key exists. SETUP_CONFIRMATION_KEY wins when
 * set; otherwise one is generated at first start, written to
 * DATA_DIR/setup-confirmation-key (mode 0600) and printed once. Only its hash
 * is stored in the database, and it never reaches the client.
 */
export async function ensureSetupKey(
  db: Db,
  config: Config,
  announce: (message: string) => void,
): Promise<void> {
  const [stored] = await db.select().from(appSettings).where(eq(appSettings.key, KEY));
  if (config.setupConfirmationKey) {
    const hash = sha256Hex(config.setupConfirmationKey);
    if (stored?.value !== hash) {
      await db
        .insert(appSettings)
        .values({ key: KEY, value: hash })
        .onConflictDoUpdate({
          target: appSettings.key,
          set: { value: hash, updatedAt: new Date() },
        });
    }
    return;
  }
  if (stored) return;
  const generated = randomBytes(24).toString('base64url');
  const file = path.resolve(config.dataDir, 'setup-confirmation-key');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${generated}\n`, { mode: 0o600 });
  await db
    .insert(appSettings)
    .values({ key: KEY, value: sha256Hex(generated) })
    .onConflictDoNothing();
  announce(`Setup confirmation key (shown once, also saved to ${file}): ${generated}`);
}

/** True when `supplied` is the setup confirmation key; compared in constant time. */
export async function checkSetupKey(db: Db, supplied: string): Promise<boolean> {
  const [stored] = await db.select().from(appSettings).where(eq(appSettings.key, KEY));
  if (!stored) return false;
  return safeEqual(sha256Hex(supplied), stored.value);
}
