import { useAuditChainKey } from '../audit/chain/link';
import { parseAuditSigningKey, useAuditSigningKey } from '../audit/signing-key';
import { TEST_AUDIT_CHAIN_KEY, TEST_AUDIT_SIGNING_KEY } from './test-audit-chain-key';

export { TEST_AUDIT_CHAIN_KEY };

useAuditChainKey(TEST_AUDIT_CHAIN_KEY);
useAuditSigningKey(parseAuditSigningKey(TEST_AUDIT_SIGNING_KEY, 'TEST_AUDIT_SIGNING_KEY'));
