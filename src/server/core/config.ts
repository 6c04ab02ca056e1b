import { z } from 'zod';
import { PGLITE_BUFFERS_MB } from '../db/client';

/**
 * The one place that reads process.env (docs/product/architecture.md#config-once).
 * A bad value stops the start with a message naming the variable.
 */
const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    message: 'must be true or false',
  })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ecosystemLinks = z
  .string()
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .object({
        home: z.url(),
        sortstak: z.url(),
        roleBuilder: z.url(),
        qrc: z.url(),
        talentspark: z.url(),
      })
      .partial()
      .strict(),
  );

/**
 * Why a chosen setup key is too easy to guess, or null when it is not: it
 * needs 24 characters and 10 different ones, and must not be one short block
 * repeated ("abcabc…"), a straight run ("abcdef…", "987654…") or mostly one
 * character over and over.
 */
function weakSetupKeyReason(key: string): string | null {
  const chars = [...key];
  const n = chars.length;
  if (n < 24) return 'must be at least 24 characters';
  if (new Set(chars).size < 10) return 'must use at least 10 different characters';
  for (let unit = 1; unit <= n / 2; unit++) {
    if (
      n % unit === 0 &&
      chars
        .slice(0, unit)
        .join('')
        .repeat(n / unit) === chars.join('')
    ) {
      return 'must not be a short block repeated';
    }
  }
  const codes = chars.map((ch) => ch.codePointAt(0)!);
  if (new Set(codes.slice(1).map((code, i) => code - codes[i]!)).size === 1) {
    return 'must not be a straight run of characters';
  }
  let run = 1;
  for (let i = 1; i < n; i++) {
    run = chars[i] === chars[i - 1] ? run + 1 : 1;
    if (run * 3 >= n) return 'must not repeat one character over a third of its length';
  }
  return null;
}

const setupConfirmationKey = z.string().superRefine((key, ctx) => {
  const reason = weakSetupKeyReason(key);
  if (reason) ctx.addIssue({ code: 'custom', message: reason });
});

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_BUFFERS_MB: z.coerce
    .number()
    .int('must be a whole number of MB')
    .min(1, 'must be at least 1 (MB)')
    .max(1024, 'must be at most 1024 (MB)')
    .default(PGLITE_BUFFERS_MB),
  DEMO_MODE: booleanString.default(true),
  SETUP_CONFIRMATION_KEY: setupConfirmationKey.optional(),
  AUDIT_CHAIN_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  AUDIT_SIGNING_KEY: z
    .string()
    .min(32, 'must be an Ed25519 private key (PKCS#8 PEM or base64)')
    .optional(),
  DEVICE_COOKIE_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  MFA_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  OIDC_SIGNING_KEYS: z
    .string()
    .min(32, 'must be a JSON Web Key Set of RSA private keys')
    .optional(),
  AUDIT_SINK_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  ECOSYSTEM_LINKS: ecosystemLinks.optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ALLOW_SIGNUP: booleanString.default(false),
  SSO_LEGACY_EXCHANGE: z.enum(['on', 'off'], { message: 'must be on or off' }).default('off'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(90 * 86_400)
    .default(7 * 86_400),
  CLIENT_DIR: z.string().min(1).default('./dist/client'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
});

type EcosystemLinks = {
  home: string;
  sortstak: string;
  roleBuilder: string;
  qrc: string;
  talentspark: string;
};

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The embedded database's buffer pool in MB (shared_buffers); resident from the start. */
  databaseBuffersMb: number;
  demoMode: boolean;
  setupConfirmationKey: string | undefined;
  /** Keys the audit chain (HMAC); never stored in the database. Unset: kept in DATA_DIR/audit-chain-key. */
  auditChainKey: string | undefined;
  /** Signs the audit trail's checkpoints and exports (Ed25519, PKCS#8 PEM or base64); never stored in the database. Unset: kept in DATA_DIR/audit-signing-key. */
  auditSigningKey: string | undefined;
  /** Signs the sign-in's device cookies (HMAC); never stored in the database. Unset: kept in DATA_DIR/device-cookie-key. */
  deviceCookieKey: string | undefined;
  /** Encrypts the authenticator apps' secrets (AES-256-GCM); never stored in the database. Unset: kept in DATA_DIR/mfa-key. */
  mfaEncryptionKey: string | undefined;
  /** Signs the OpenID Provider's tokens (a JWKS of RSA private keys, the first signs); never stored in the database. Unset: kept in DATA_DIR/oidc-signing-keys.json. */
  oidcSigningKeys: string | undefined;
  /** Encrypts the audit sinks' signing secrets (AES-256-GCM); never stored in the database. Unset: kept in DATA_DIR/audit-sink-key. */
  auditSinkKey: string | undefined;
  ecosystemLinks: EcosystemLinks;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  trustedProxies: string[];
  allowSignup: boolean;
  /**
   * Production mode: keep the deprecated code exchange (/api/sso/initiate, /api/sso/exchange)
   * answering for one release (docs/product/sign-on.md#oidc). Demo mode always has it.
   */
  ssoLegacyExchange: boolean;
  /** Production mode: how long an access token lives (15 minutes by default). */
  accessTokenTtlSeconds: number;
  /** Production mode: how long a refresh token lives; every refresh issues a new one. */
  refreshTokenTtlSeconds: number;
  clientDir: string;
  /** The origin users reach this server at (the built-in sign-on receiver lives there). */
  publicUrl: string;
};

/** Local demo pages stand in for the sister products unless configured. */
const defaultEcosystemLinks: EcosystemLinks = {
  home: '/',
  sortstak: '/demo/sortstak',
  roleBuilder: '/demo/role-builder',
  qrc: '/demo/qrc',
  talentspark: '/demo/talentspark',
};

function defaultPublicUrl(host: string, port: number): string {
  const wildcard = host === '0.0.0.0' || host === '::';
  const name = wildcard ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, as shells often export VAR= to clear one.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseBuffersMb: e.DATABASE_BUFFERS_MB,
    demoMode: e.DEMO_MODE,
    setupConfirmationKey: e.SETUP_CONFIRMATION_KEY,
    auditChainKey: e.AUDIT_CHAIN_KEY,
    auditSigningKey: e.AUDIT_SIGNING_KEY,
    deviceCookieKey: e.DEVICE_COOKIE_KEY,
    mfaEncryptionKey: e.MFA_ENCRYPTION_KEY,
    oidcSigningKeys: e.OIDC_SIGNING_KEYS,
    auditSinkKey: e.AUDIT_SINK_KEY,
    ecosystemLinks: { ...defaultEcosystemLinks, ...e.ECOSYSTEM_LINKS },
    logLevel: e.LOG_LEVEL,
    trustedProxies: e.TRUSTED_PROXIES,
    allowSignup: e.ALLOW_SIGNUP,
    ssoLegacyExchange: e.SSO_LEGACY_EXCHANGE === 'on',
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    clientDir: e.CLIENT_DIR,
    publicUrl: new URL(e.PUBLIC_URL ?? defaultPublicUrl(e.HOST, e.PORT)).origin,
  };
}

/** A config for tests: defaults plus overrides, never reading process.env. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ LOG_LEVEL: 'silent' }), ...overrides };
}
