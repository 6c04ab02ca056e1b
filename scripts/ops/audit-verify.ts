// `npm run audit:verify`: walks the audit hash chain of the configured
// database (DATABASE_URL, or the embedded one in DATA_DIR) and names the first
// broken link or failed check. The chain key comes from AUDIT_CHAIN_KEY or
// DATA_DIR/audit-chain-key, as the server's does. Exit code 1 when the chain is
// broken. With the embedded database, stop the server first: only one process
// may open it.
import { useAuditChainKey } from '../../src/server/audit/chain/link';
import { requireAuditChainKey } from '../../src/server/audit/chain-key';
import { auditVerifyReport } from '../../src/server/audit/verify-report';
import { openConfiguredDatabase } from '../../src/server/start/bootstrap';
import { ConfigError, loadConfig } from '../../src/server/core/config';

async function main(): Promise<number> {
  const config = loadConfig();
  useAuditChainKey(requireAuditChainKey(config));
  const database = await openConfiguredDatabase(config, 'audit:verify');
  try {
    const [table] = await database.query<{ name: string | null }>(
      `SELECT to_regclass('audit_chain_head')::text AS name`,
    );
    if (!table?.name) {
      console.error('This database holds no audit trail yet: start the server once to create it.');
      return 2;
    }
    const report = await auditVerifyReport(database.db);
    console.log(report.text);
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(
      err instanceof ConfigError ? err.message : err instanceof Error ? err.message : err,
    );
    process.exit(2);
  },
);
