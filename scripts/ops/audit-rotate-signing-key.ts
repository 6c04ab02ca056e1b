// `npm run audit:rotate-signing-key`: replaces the audit signing key. With every server
// stopped, it signs the trail's head one last time with the current key (AUDIT_SIGNING_KEY or
// DATA_DIR/audit-signing-key), generates a new key, and stores the statement the old key
// signs naming the new one, which the public key feed then carries
// (docs/operations.md#the-audit-signing-key). A key kept in DATA_DIR is replaced there (the
// old file kept as audit-signing-key.retired-<key id>); with AUDIT_SIGNING_KEY, the new key
// is written to DATA_DIR/audit-signing-key.next for you to configure everywhere.
import { renameSync, rmSync } from 'node:fs';
import { openConfiguredDatabase } from '../../src/server/start/bootstrap';
import { ConfigError, loadConfig } from '../../src/server/core/config';
import { rotateAuditSigningKey } from '../../src/server/audit/checkpoints';
import {
  auditSigningKeyFile,
  generateAuditSigningKeyFile,
  readAuditSigningKey,
} from '../../src/server/audit/signing-key';

async function main(): Promise<number> {
  const config = loadConfig();
  const oldKey = readAuditSigningKey(config);
  if (!oldKey) {
    console.error(
      "No audit signing key: set AUDIT_SIGNING_KEY, or DATA_DIR to the directory holding audit-signing-key (the server's).",
    );
    return 2;
  }
  const file = auditSigningKeyFile(config);
  const next = `${file}.next`;
  const newKey = generateAuditSigningKeyFile(next);
  const database = await openConfiguredDatabase(config, 'audit:rotate-signing-key');
  try {
    const statement = await rotateAuditSigningKey(database.db, oldKey, newKey, new Date()).catch(
      (err: unknown) => {
        // Nothing was stored: the new key is of no use.
        rmSync(next, { force: true });
        throw err;
      },
    );
    if (config.auditSigningKey) {
      console.log(`New key written to ${next}: set AUDIT_SIGNING_KEY to it on every process.`);
    } else {
      renameSync(file, `${file}.retired-${statement.from_key_id}`);
      renameSync(next, file);
      console.log(
        `New key saved to ${file}; the old one kept as ${file}.retired-${statement.from_key_id}.`,
      );
    }
    console.log(
      `Key ${statement.from_key_id} signed its last checkpoint at seq ${statement.after_seq} and the statement naming key ${statement.to_key_id}.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
