/**
 * The audit events' vocabulary and bounds, without a schema library: the
 * pages' audit queues use these (the landing page among them, which loads as
 * little as it can); the server's zod schemas (schemas/audit.ts) are built on them.
 */

/** docs/product/audit-trail.md#audit-types: the types the console queue may send. */
export const CONSOLE_EVENT_TYPES = [
  'auth.signin.success',
  'auth.signin.failure',
  'auth.signup.success',
  'auth.signup.failure',
  'auth.signout',
  'auth.rate_limited',
  'cross_platform.auth.initiated',
  'cross_platform.token.exchange',
  'security.violation',
  'security.suspicious_activity',
  'admin.panel.access',
  'admin.credential.access.requested',
  'security.panel.access',
] as const;
export type ConsoleEventType = (typeof CONSOLE_EVENT_TYPES)[number];

/**
 * Console types only the server records (sign-in, sign-up, sign-out, rate
 * limit, sign-on and token exchange, credential requests): a browser posting
 * one is refused, so that nobody can forge them.
 */
export const SERVER_ONLY_EVENT_TYPES = [
  'auth.signin.success',
  'auth.signin.failure',
  'auth.signup.success',
  'auth.signup.failure',
  'auth.signout',
  'auth.rate_limited',
  'cross_platform.auth.initiated',
  'cross_platform.token.exchange',
  'admin.credential.access.requested',
] as const satisfies readonly ConsoleEventType[];

/** The console types a browser may report (stored as reported by a browser). */
export const BROWSER_CONSOLE_EVENT_TYPES = [
  'security.violation',
  'security.suspicious_activity',
  'admin.panel.access',
  'security.panel.access',
] as const satisfies readonly ConsoleEventType[];
export type BrowserConsoleEventType = (typeof BROWSER_CONSOLE_EVENT_TYPES)[number];

export const isServerOnlyEventType = (type: unknown) =>
  (SERVER_ONLY_EVENT_TYPES as readonly unknown[]).includes(type);

/** docs/product/audit-trail.md#security-event: the start-up queue's events. */
export const SECURITY_EVENT_TYPES = [
  'login_success',
  'login_failure',
  'logout',
  'session_expired',
  'unauthorized_access',
  'permission_denied',
  'role_escalation_attempt',
  'credential_access_requested',
  'credential_access_granted',
  'credential_access_denied',
  'credential_viewed',
  'sensitive_data_access',
  'bulk_data_export',
  'admin_panel_access',
  'rate_limit_exceeded',
  'suspicious_activity',
  'security_policy_violation',
  'config_change',
  'emergency_access',
  'audit_log_access',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/**
 * What a signed-out page really sends, the only types an anonymous caller may
 * post in production mode: every page load logs config_change (app_startup),
 * and the console logs security.violation when the server answers 401, that
 * is when its session has just ended.
 */
export const ANONYMOUS_EVENT_TYPES = {
  startup: ['config_change'],
  console: ['security.violation'],
} as const satisfies {
  startup: readonly SecurityEventType[];
  console: readonly ConsoleEventType[];
};

/** The console's severities (default low) and the start-up queue's, which adds info. */
export const CONSOLE_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export const SECURITY_SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;
export type AuditSeverity = (typeof SECURITY_SEVERITIES)[number];

/** High and critical events are flushed at once and never dropped by the queue cap (docs/product/audit-trail.md#startup-queue). */
export const isUrgent = (severity: AuditSeverity) => severity === 'high' || severity === 'critical';

/**
 * Bounds of one POST /api/audit/events. A queue holds at most 50 events, so a
 * batch does too; the bytes bound keeps each page-hide request inside the
 * browser's 64 KB budget for keepalive requests.
 */
export const AUDIT_LIMITS = {
  maxEvents: 50,
  maxDropReports: 10,
  /**
   * One drop report counts the events a queue dropped between two flush attempts (every 5 or
   * 30 s, a queue of 50); a page logs a handful a minute, so no real queue comes near this.
   */
  maxDroppedPerReport: 10_000,
  maxDetailsBytes: 2048,
  maxDetailsKeys: 32,
  maxBatchBytes: 60_000,
} as const;

/**
 * Byte length of a value's JSON as UTF-8 (what goes over the wire), counted without encoding it.
 * JSON.stringify escapes lone surrogates, so every surrogate here is half of a 4-byte pair.
 */
export function jsonBytes(value: unknown): number {
  const json = JSON.stringify(value) ?? '';
  if (!/[^\0-\x7f]/.test(json)) return json.length;
  let bytes = json.length;
  for (let i = 0; i < json.length; i++) {
    const code = json.charCodeAt(i);
    // One byte is counted per UTF-16 unit already; a surrogate pair's two units make four.
    if (code >= 0xd800 && code <= 0xdfff) bytes += 1;
    else if (code >= 0x800) bytes += 2;
    else if (code >= 0x80) bytes += 1;
  }
  return bytes;
}

type DraftEvent = Partial<
  Record<'event_type' | 'severity' | 'details' | 'session_id' | 'page_url', unknown>
>;

const isObject = (value: unknown): value is DraftEvent =>
  !!value && typeof value === 'object' && !Array.isArray(value);

const oneOf = (list: readonly string[], value: unknown) =>
  typeof value === 'string' && list.includes(value);

function fitsDetails(details: unknown): boolean {
  if (details === undefined) return true;
  if (!isObject(details)) return false;
  const keys = Object.keys(details);
  return (
    keys.length <= AUDIT_LIMITS.maxDetailsKeys &&
    keys.every((k) => k.length <= 64) &&
    jsonBytes(details) <= AUDIT_LIMITS.maxDetailsBytes
  );
}

const fitsText = (value: unknown, max: number) =>
  value === null || (typeof value === 'string' && value.length <= max);

/**
 * Whether an event a queue built will pass the server's schema. Ids and
 * timestamps come from crypto.randomUUID() and Date#toISOString(); what code
 * can get wrong is the type, the severity, oversized details and long texts.
 * A test holds this to the zod schemas on every kind of event the queues build.
 */
export function fitsConsoleEvent(event: unknown): boolean {
  return (
    isObject(event) &&
    oneOf(BROWSER_CONSOLE_EVENT_TYPES, event.event_type) &&
    (event.severity === undefined || oneOf(CONSOLE_SEVERITIES, event.severity)) &&
    fitsDetails(event.details) &&
    fitsText(event.session_id, 64)
  );
}

export function fitsSecurityEvent(event: unknown): boolean {
  return (
    isObject(event) &&
    oneOf(SECURITY_EVENT_TYPES, event.event_type) &&
    oneOf(SECURITY_SEVERITIES, event.severity) &&
    fitsDetails(event.details) &&
    fitsText(event.session_id, 64) &&
    fitsText(event.page_url, 2048)
  );
}
