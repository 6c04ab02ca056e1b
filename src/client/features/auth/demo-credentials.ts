/**
 * What Quick Demo Login signs in with (docs/product/sign-in.md#quick-login: "a pre-filled demo address
 * and password"). The mock accepts any values; the address matches the seeded
 * demo administrator that the server maps demo tokens to.
 */
export const DEMO_CREDENTIALS = {
  email: 'demo.admin@talentecosystem.demo',
  password: 'demo-password',
} as const;
