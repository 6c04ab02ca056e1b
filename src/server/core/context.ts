import type { Config } from './config';
import type { Database, Db } from '../db/client';
import type { CallerMeta, Principal } from './principal-types';

/** scrypt's cost parameters: N = 2^logN, r, p (security/passwords.ts hashes with them). */
export type PasswordParams = { logN: number; r: number; p: number };

/** What every request handler can reach: the database, the config and the clock. */
export type AppDeps = {
  database: Database;
  db: Db;
  config: Config;
  /** The current time; tests pass a controlled clock. */
  now: () => Date;
  /** Waits `ms` milliseconds (a throttled sign-in waits for its turn); tests pass their own. */
  sleep?: (ms: number) => Promise<void>;
  log: Logger;
  /**
   * Resolves a demo token to its caller; chosen at start-up, so that resolving a
   * caller (which may restore the demo administrator) is wired in, not imported.
   */
  resolveDemoPrincipal: (
    deps: AppDeps,
    token: string,
    meta: CallerMeta,
  ) => Promise<Principal | null>;
  /**
   * Overrides the audit ingest limit per address (audit/ingest.ts AUDIT_RATE_LIMIT).
   * Set only in code, never from the environment: the API benchmark raises it so
   * that one load generator on one address can measure ingest throughput.
   */
  auditRateLimit?: { limit: number; windowMs: number };
  /**
   * scrypt's cost for the hashes made from now on (new passwords and the dummy hash an unknown
   * address is checked against). Set only in code, never from the environment: the API tests
   * lower it so that a sign-up costs milliseconds; the server keeps the OWASP parameters.
   */
  passwordParams?: PasswordParams;
};

export type Logger = {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
};

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    principal: Principal | null;
    cspNonce?: string;
    formActionOrigins?: string[];
    /** The hashes of a pre-rendered page's inline scripts, for its CSP. */
    scriptHashes?: string[];
    /** The answer is a build asset: only the security headers that apply to one. */
    subresource?: boolean;
  };
};
