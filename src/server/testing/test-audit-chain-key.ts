/** The audit chain key of every test database and of every server a test starts. */
export const TEST_AUDIT_CHAIN_KEY = 'test-audit-chain-key-0123456789-abcdefghij';
