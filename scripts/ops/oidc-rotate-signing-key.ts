// `npm run oidc:rotate-signing-key`: a new key signs the OpenID Provider's tokens from the next
// start, and the previous signing key stays published so that the tokens it signed verify until
// they expire (docs/operations.md#the-openid-provider-keys). Keys kept in DATA_DIR are rotated
// there; with OIDC_SIGNING_KEYS, the rotated set is printed for you to configure everywhere.
import { ConfigError, loadConfig } from '../../src/server/core/config';
import {
  readSigningKeys,
  rotatedKeys,
  rotateSigningKeysFile,
  signingKeysFile,
} from '../../src/server/oidc/signing-keys';

function main(): number {
  const config = loadConfig();
  if (config.oidcSigningKeys) {
    const keys = rotatedKeys(readSigningKeys(config));
    console.log(JSON.stringify({ keys }));
    console.error(`Set OIDC_SIGNING_KEYS to the line above on every process, then restart them.`);
    return 0;
  }
  const keys = rotateSigningKeysFile(config);
  console.log(
    `${signingKeysFile(config)}: key ${keys[0]!.kid} signs after a restart; ${keys[1]!.kid} stays published.`,
  );
  return 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exitCode = 1;
}
