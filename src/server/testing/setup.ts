import { useAuditChainKey } from '../audit/chain/link';
import { TEST_AUDIT_CHAIN_KEY } from './test-audit-chain-key';

export { TEST_AUDIT_CHAIN_KEY };

useAuditChainKey(TEST_AUDIT_CHAIN_KEY);
