import { useAuditChainKey } from '../audit/chain';

/** The audit chain key of every test database in a test process, as a server's trail has one. */
export const TEST_AUDIT_CHAIN_KEY = 'test-audit-chain-key-0123456789-abcdefghij';

useAuditChainKey(TEST_AUDIT_CHAIN_KEY);
