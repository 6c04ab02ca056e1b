import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../core/config';

const generatedKeys = new Map<string, Buffer>();

/**
 * A server secret kept outside the database: the configured text when set, else the file
 * `dataDir/fileName`, generated (32 random bytes, mode 0600) on first use. Processes sharing a
 * DATA_DIR share the file: the first one writes it, exclusively, and the others read that one.
 * `what` names the key in the error a short file gives.
 */
export function keyFromConfigOrFile(
  configured: string | undefined,
  dataDir: string,
  fileName: string,
  what: string,
): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = path.resolve(dataDir, fileName);
  const known = generatedKeys.get(file);
  if (known) return known;
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, {
        mode: 0o600,
        flag: 'wx',
      });
    } catch (err) {
      // Another process wrote it first: use that one.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  const text = readFileSync(file, 'utf8').trim();
  if (text.length < 32) throw new ConfigError(`${file} does not hold ${what}`);
  const key = Buffer.from(text, 'utf8');
  generatedKeys.set(file, key);
  return key;
}
