import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../../core/config';
import { keyFromConfigOrFile } from '../../security/key-file';
import { decryptSecret, encryptSecret } from '../../security/sealed-secret';

/**
 * The key that seals the sinks' signing secrets (docs/operations.md#the-audit-sink-key):
 * AUDIT_SINK_KEY when set, else DATA_DIR/audit-sink-key, generated (mode 0600) on first use.
 * Never in the database, so a copy of the database alone cannot sign as the server.
 */
const SINK_KEY_FILE = 'audit-sink-key';

function sinkKey(config: Config): Buffer {
  const text = keyFromConfigOrFile(
    config.auditSinkKey,
    config.dataDir,
    SINK_KEY_FILE,
    'an audit sink key',
  );
  return Buffer.from(hkdfSync('sha256', text, Buffer.alloc(0), 'audit-sink-secret-v1', 32));
}

/** A new signing secret: 32 random bytes, with a prefix that says what it is. */
export function newSinkSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The secret sealed for one sink (its id is the associated data). */
export const sealSinkSecret = (config: Config, sinkId: string, secret: string) =>
  encryptSecret(sinkKey(config), sinkId, secret);

export const unsealSinkSecret = (config: Config, sinkId: string, sealed: string) =>
  decryptSecret(sinkKey(config), sinkId, sealed);

/**
 * The signature header's value: `t=<unix seconds>,v1=<hex HMAC-SHA-256 of "<t>.<body>">`, keyed
 * with the secret's text, as Stripe and GitHub sign their webhooks. The time is signed so that a
 * receiver can refuse an old delivery replayed.
 */
export function signDelivery(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}
