import type { AuditEventRow } from '@shared/schemas/audit-trail';
import { lazyFormat } from '@/lib/number-format';
import { formatDateTime } from '../shared/format';

/** Identifiers say little at a glance; the full details stay in the raw view and the export. */
const isId = (key: string) => key === 'id' || key.endsWith('_id') || key.endsWith('_ids');

/** Keys and codes people read as words ("api_key" → "API key"). */
const WORDS: Record<string, string> = {
  api_key: 'API key',
  webhook_secret: 'webhook secret',
  super_admin: 'Super Admin',
  platform_admin: 'Platform Admin',
  app_startup: 'app started',
  ip_address: 'IP address',
  user_agent: 'browser',
  url: 'URL',
  sso: 'single sign-on',
};

/** "full_name" → "Full name"; a known key in its own words. */
function label(key: string): string {
  const words = WORDS[key] ?? key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** An ISO 8601 time as the server writes it. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** A code: lower-case words joined by underscores ("suspicious_activity"). */
const CODE = /^[a-z]+(_[a-z]+)+$/;

/** A text value as a person reads it: local times, codes as words, everything else as written. */
function readableText(value: string): string {
  if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
  const word = WORDS[value];
  if (word) return word;
  return CODE.test(value) ? value.replace(/_/g, ' ') : value;
}

/** A value as a person reads it: never JSON. */
function readable(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return readableText(value);
  if (Array.isArray(value)) return value.length ? value.map(readable).join(', ') : '(none)';
  if (isRecord(value)) {
    // A change: "Globex Recruiting → (none)" (a record of only "from" and "to"; an export's
    // filter has a time range among its other fields).
    const keys = Object.keys(value);
    if (keys.length > 0 && keys.every((k) => k === 'from' || k === 'to'))
      return `${readable(value.from)} → ${readable(value.to)}`;
    return Object.entries(value)
      .map(([k, v]) => `${label(k)}: ${readable(v)}`)
      .join(', ');
  }
  return String(value);
}

/** Every detail as a label and a value, a list of changes spelled out one by one. */
export function detailEntries(details: Record<string, unknown>): [string, string][] {
  const entries = Object.entries(details);
  const shown = entries.filter(([key]) => !isId(key));
  return (shown.length ? shown : entries)
    .flatMap(([key, value]) =>
      key === 'changes' && isRecord(value) ? Object.entries(value) : [[key, value] as const],
    )
    .map(([key, value]) => [label(key), readable(value)]);
}

/** Every detail as "Label: value", a list of changes spelled out one by one. */
export function describeDetails(details: Record<string, unknown>): string {
  return detailEntries(details)
    .map(([key, value]) => `${key}: ${value}`)
    .join(' · ');
}

/** One line summarizing an event's details for the table. */
export function summarizeDetails(details: Record<string, unknown>, max = 140): string {
  const text = describeDetails(details);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What each event type means, in the words of the console (docs/product/audit-trail.md#audit-types). */
export const EVENT_LABELS: Record<string, string> = {
  'auth.signin.success': 'Signed in',
  'auth.signin.failure': 'Sign-in failed',
  'auth.signup.success': 'Signed up',
  'auth.signup.failure': 'Sign-up failed',
  'auth.signout': 'Signed out',
  'auth.rate_limited': 'Too many attempts',
  'auth.password.changed': 'Password changed',
  'auth.session.revoked': 'Session ended',
  'auth.sessions.others_revoked': 'Other sessions ended',
  'auth.refresh_token.reused': 'Session token reused',
  'auth.invitation.accepted': 'Invitation accepted',
  'auth.invitation.refused': 'Invitation refused',
  'auth.signup.verified': 'Email address verified',
  'auth.signup.verify_refused': 'Email verification refused',
  'auth.signin.second_factor_required': 'Second step asked',
  'auth.mfa.second_factor.passed': 'Second step passed',
  'auth.mfa.second_factor.failed': 'Second step failed',
  'auth.mfa.totp.enrolment_started': 'Authenticator app setup started',
  'auth.mfa.totp.confirmed': 'Authenticator app added',
  'auth.mfa.totp.removed': 'Authenticator app removed',
  'auth.mfa.recovery_codes.regenerated': 'New recovery codes made',
  'auth.mfa.recovery_code.used': 'Recovery code used',
  'auth.mfa.passkey.registered': 'Passkey added',
  'auth.mfa.passkey.renamed': 'Passkey renamed',
  'auth.mfa.passkey.removed': 'Passkey removed',
  'auth.mfa.passkey.used': 'Passkey used',
  'auth.mfa.passkey.refused': 'Passkey refused',
  'auth.mfa.enrolment_required': 'Two-step sign-in setup required',
  'auth.mfa.step_up.required': 'Confirmation asked',
  'auth.mfa.step_up.passed': 'Confirmation passed',
  'auth.mfa.step_up.failed': 'Confirmation failed',
  'admin.settings.second_factor_policy.changed': 'Two-step sign-in policy changed',
  'admin.audit_sink.created': 'Audit sink registered',
  'admin.audit_sink.updated': 'Audit sink changed',
  'admin.audit_sink.deleted': 'Audit sink removed',
  'admin.audit_sink.secret_rotated': 'Audit sink secret rotated',
  'admin.audit_sink.resumed': 'Audit sink resumed',
  'admin.audit_sink.tested': 'Audit sink sent a test',
  'system.audit_sink.paused': 'Audit sink paused after failures',
  'admin.user.second_factor.reset': 'Two-step sign-in reset',
  'admin.user.second_factor.reset_refused': 'Two-step sign-in reset refused',
  'cross_platform.auth.initiated': 'Single sign-on started',
  'cross_platform.token.exchange': 'Single sign-on completed',
  'oidc.authorization.granted': 'Application sign-in allowed',
  'oidc.authorization.refused': 'Application sign-in refused',
  'oidc.token.issued': 'Application tokens issued',
  'oidc.token.refreshed': 'Application tokens refreshed',
  'oidc.token.refused': 'Application token request refused',
  'oidc.code.reused': 'Sign-in code used twice',
  'oidc.refresh_token.reused': 'Application refresh token reused',
  'oidc.token.revoked': 'Application token revoked',
  'oidc.signout': 'Signed out of an application',
  'oidc.consent.given': 'Application allowed by the person',
  'oidc.consent.withdrawn': 'Application access removed by the person',
  'oidc.authorization.declined': 'Application sign-in declined',
  'oidc.sessions.ended': 'Application sessions ended',
  'oidc.backchannel_logout.delivered': 'Application told of sign-out',
  'oidc.backchannel_logout.failed': 'Application not told of sign-out',
  'admin.oidc_client.changed': 'Application sign-in settings changed',
  'admin.oidc_client.removed': 'Application sign-in removed',
  'security.violation': 'Security violation',
  'security.suspicious_activity': 'Suspicious activity',
  'security.panel.access': 'Security panel opened',
  'admin.panel.access': 'Admin console opened',
  'admin.user.updated': 'User edited',
  'admin.roles.updated': 'Roles changed',
  'admin.users.bulk_changed': 'Users changed in bulk',
  'admin.users.exported': 'Users exported',
  'admin.invitation.created': 'Invitation sent',
  'admin.invitation.revoked': 'Invitation revoked',
  'admin.audit.exported': 'Audit trail exported',
  'admin.credential.access.requested': 'Credential requested',
  'admin.credential.access.request_refused': 'Credential request refused',
  'admin.credential.access.approved': 'Credential request approved',
  'admin.credential.access.denied': 'Credential request denied',
  'admin.credential.review.refused': 'Credential review refused',
  'admin.credential.grant.granted': 'Time-limited access granted',
  'admin.credential.grant.denied': 'Time-limited access denied',
  'admin.credential.grant.revoked': 'Time-limited access revoked',
  'admin.credential.grant.revoke_refused': 'Revoke refused',
  'admin.credential.grant.expired': 'Time-limited access expired',
  'system.admin.created': 'System administrator created',
  'system.users.cleared': 'Users cleared',
  'system.users.cleanup': 'Users cleaned up',
  'system.demo_admin.restored': 'Demo administrator restored',
  'system.setup.key_refused': 'Setup key refused',
  'system.setup.rate_limited': 'Too many setup attempts',
  'audit.chain.keyed': 'Audit chain keyed',
  'audit.queue.overflow': 'Browser queue overflowed',
  role_escalation_attempt: 'Role escalation attempt',
  config_change: 'Configuration changed',
};

/**
 * An event type as a person reads it: "admin.audit.exported" → "Audit trail exported"; a type
 * the console does not know reads as its words ("security.new_thing" → "Security new thing").
 */
export function eventLabel(eventType: string): string {
  const known = EVENT_LABELS[eventType];
  if (known) return known;
  const words = eventType.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An event's label, a browser's start-up said as such. */
export function rowLabel(event: Pick<AuditEventRow, 'event_type' | 'details'>): string {
  if (isStartup(event)) return 'App started';
  return eventLabel(event.event_type);
}

/** Who did it: the account's email, "Removed account", or "System". */
export function actorOf(event: Pick<AuditEventRow, 'user_email' | 'user_id'>): string {
  return event.user_email ?? (event.user_id ? 'Removed account' : 'System');
}

const TARGET_KEYS = ['target_email', 'email', 'app_name', 'application', 'target_app'] as const;

const isStartup = (event: Pick<AuditEventRow, 'event_type' | 'details'>) =>
  event.event_type === 'config_change' && event.details.action === 'app_startup';

/** "security-audit" → "Security Audit tab", the way the console names its tabs. */
const tabName = (slug: string) =>
  `${slug
    .split(/[-_]/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ')} tab`;

/**
 * What the event was about, in one line of people's words: its target when the details name one
 * (an account, an application, a console tab), otherwise a summary of its details. Blank when
 * there is nothing to say in words: a start-up (its label says it all), an event of the system's
 * own (recorded by the server with no account behind it), or details that are only identifiers;
 * the side panel shows them all.
 */
export function eventTarget(
  event: Pick<AuditEventRow, 'event_type' | 'details' | 'user_id' | 'source'>,
): string {
  const { details } = event;
  if (isStartup(event)) return '';
  for (const key of TARGET_KEYS) {
    const value = details[key];
    if (typeof value === 'string' && value) return value;
  }
  if (typeof details.tab === 'string' && details.tab) return tabName(details.tab);
  // The server's own record with nobody behind it (a chain keyed, users cleaned up).
  if (event.source === 'server' && !event.user_id) return '';
  if (Object.keys(details).every(isId)) return '';
  return summarizeDetails(details);
}

/** The event as stored, keys and ISO times included, for the panel's raw view. */
export function rawEvent(event: AuditEventRow): string {
  return JSON.stringify(event, null, 2);
}

const dayAndTime = lazyFormat(
  () =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
const timeOfDay = lazyFormat(
  () => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }),
);

/**
 * A time short enough to share a phone's line with the actor, local: "10:42 AM" today,
 * "Nov 27, 10:42 AM" before, with the year only when it is not this one.
 */
export function shortTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  if (date.toDateString() === now.toDateString()) return timeOfDay().format(date);
  if (date.getFullYear() === now.getFullYear()) return dayAndTime().format(date);
  return formatDateTime(iso);
}

const fullTime = lazyFormat(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'long' }),
);

/** A time in full, local, to the second and with its zone: "Saturday, November 28, 2026 at 7:52:58 AM GMT+1". */
export function formatFullTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : fullTime().format(date);
}
