/**
 * The static security status list of the Security Audit tab (docs/product/admin-console.md#security-status: it
 * claims row-level security). Each line says how this product meets it.
 */
export const SECURITY_STATUS = [
  {
    label: 'Row-level security',
    detail: 'Every query is scoped to the signed-in account on the server',
  },
  {
    label: 'Tamper-evident audit trail',
    detail: 'Each event carries a keyed SHA-256 hash of the one before',
  },
  {
    label: 'Secrets stored as hashes',
    detail: 'API keys and webhook secrets never reach the browser',
  },
  {
    label: 'Time-limited access',
    detail: 'Grants end on the server clock after 5 to 120 minutes',
  },
  {
    label: 'Separation of duties',
    detail: 'Nobody approves their own credential request',
  },
  {
    label: 'Hashed session tokens',
    detail: 'Only the SHA-256 of each token is stored',
  },
] as const;
