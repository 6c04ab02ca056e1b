/** The audit chain key of every test database and of every server a test starts. */
export const TEST_AUDIT_CHAIN_KEY = 'test-audit-chain-key-0123456789-abcdefghij';

/**
 * The audit signing key of every test and of every server a test starts: the Ed25519 key of
 * RFC 8032's first test vector (public key d75a9801…511a), as base64 PKCS#8 DER.
 */
export const TEST_AUDIT_SIGNING_KEY =
  'MC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMREScVpezJpGXA7rAMcrn9g';
