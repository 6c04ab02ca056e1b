import { hkdfSync } from 'node:crypto';
import { keyFromConfigOrFile } from '../security/key-file';
import type { Config } from '../core/config';

/**
 * The key that encrypts the authenticator apps' secrets (docs/operations.md#the-mfa-key):
 * MFA_ENCRYPTION_KEY when set, else DATA_DIR/mfa-key, generated (mode 0600) on first
 * use. Like the audit chain key it is never stored in the database, so a copy of
 * the database alone reveals no secret; without it no code can be checked.
 */
const MFA_KEY_FILE = 'mfa-key';

/** The configured key text, else the file's (written first if absent). */
const keyText = (config: Config) =>
  keyFromConfigOrFile(
    config.mfaEncryptionKey,
    config.dataDir,
    MFA_KEY_FILE,
    'an MFA encryption key',
  );

/** The AES-256 key derived from the key text (HKDF-SHA-256). */
export function mfaKey(config: Config): Buffer {
  return Buffer.from(hkdfSync('sha256', keyText(config), Buffer.alloc(0), 'totp-secret-v1', 32));
}
