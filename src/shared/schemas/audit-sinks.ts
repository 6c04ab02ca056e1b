import { z } from 'zod';
import { SEVERITIES } from '../constants';
import { oneLineText } from './text';

/**
 * Audit sinks: outside endpoints that receive the trail's events as signed JSON batches
 * (docs/operations.md#audit-delivery-to-sinks). Only a super administrator registers them
 * (docs/product/audit-trail.md#audit-sinks).
 */

/** The signature header of every delivery: `t=<unix seconds>,v1=<hex HMAC-SHA-256 of "t.body">`. */
export const AUDIT_SIGNATURE_HEADER = 'X-Audit-Signature';
/** A fresh id per delivery attempt (a retry of the same batch has a new one). */
export const AUDIT_DELIVERY_HEADER = 'X-Audit-Sink-Delivery';
/** The sink's id, so that one receiver can tell several sinks apart. */
export const AUDIT_SINK_ID_HEADER = 'X-Audit-Sink-Id';

/** Filters per sink: at most this many event types. */
const SINK_MAX_EVENT_TYPES = 50;
/** A URL of at most this many characters. */
const SINK_URL_MAX = 2048;

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** 127.0.0.0/8, ::1 and localhost: the addresses plain http may name. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  return IPV4.exec(host)?.[1] === '127';
}

/**
 * Addresses a sink may not name, written as literals: private (10/8, 172.16/12, 192.168/16,
 * fc00::/7), link-local (169.254/16, fe80::/10, where cloud metadata services answer), the
 * unspecified address and carrier-grade NAT (100.64/10). A host name is resolved and checked by
 * the server at each delivery (docs/operations.md#sinks-and-private-addresses).
 */
function isPrivateAddress(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const v4 = IPV4.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (!host.includes(':')) return false;
  if (host === '::') return true;
  if (host.startsWith('::ffff:')) return true;
  return /^f[cd]/.test(host) || /^fe[89ab]/.test(host);
}

/** Why a URL cannot be a sink's, or null when it can. */
function sinkUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Enter a full URL, such as https://siem.example.com/audit';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The URL must use https';
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return 'The URL must use https (plain http only for a receiver on this machine: localhost, 127.0.0.1 or [::1])';
  }
  if (url.username || url.password) return 'The URL cannot hold a user name or password';
  if (url.hash) return 'The URL cannot have a #fragment';
  if (isPrivateAddress(url.hostname)) {
    return 'The URL cannot name a private or link-local address';
  }
  return null;
}

const sinkUrl = z
  .string({ error: 'url must be text' })
  .trim()
  .max(SINK_URL_MAX, `url must be at most ${SINK_URL_MAX} characters`)
  .superRefine((value, ctx) => {
    const problem = sinkUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const eventTypes = z
  .array(
    z
      .string()
      .max(120)
      .regex(
        /^[a-z0-9_]+(\.[a-z0-9_]+)*(\.\*)?$/,
        'An event type is dotted words, or a prefix ending in .*',
      ),
  )
  .max(SINK_MAX_EVENT_TYPES, `At most ${SINK_MAX_EVENT_TYPES} event types`);

const severities = z.array(z.enum(SEVERITIES)).max(SEVERITIES.length);

const sinkFields = {
  name: oneLineText('name').min(1, 'Enter a name'),
  url: sinkUrl,
  /** Exact event types, or prefixes like `auth.*`; empty for every type. */
  event_types: eventTypes,
  /** Empty for every severity. */
  severities,
  enabled: z.boolean(),
};

export const sinkCreateBodySchema = z.strictObject({
  name: sinkFields.name,
  url: sinkFields.url,
  event_types: sinkFields.event_types.default([]),
  severities: sinkFields.severities.default([]),
  enabled: sinkFields.enabled.default(true),
});
export type SinkCreateBody = z.infer<typeof sinkCreateBodySchema>;

export const sinkUpdateBodySchema = z
  .strictObject({
    name: sinkFields.name.optional(),
    url: sinkFields.url.optional(),
    event_types: sinkFields.event_types.optional(),
    severities: sinkFields.severities.optional(),
    enabled: sinkFields.enabled.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    error: 'Give at least one of name, url, event_types, severities, enabled',
  });
export type SinkUpdateBody = z.infer<typeof sinkUpdateBodySchema>;

/** active: delivering; paused: stopped after too many failures until resumed; disabled: turned off. */
const SINK_STATES = ['active', 'paused', 'disabled'] as const;

export const sinkSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  event_types: z.array(z.string()),
  severities: z.array(z.enum(SEVERITIES)),
  enabled: z.boolean(),
  state: z.enum(SINK_STATES),
  /** Every event up to this seq has been delivered (or left out by the filters). */
  delivered_seq: z.number().int(),
  /** Events on the trail after delivered_seq, as the answer was made (the filters may leave some out). */
  lag: z.number().int(),
  /** Failed attempts in a row. */
  failures: z.number().int(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  paused_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  last_delivered_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Sink = z.infer<typeof sinkSchema>;

export const sinkListSchema = z.object({
  sinks: z.array(sinkSchema),
  /** The trail's last seq, which each sink's lag counts up to. */
  head_seq: z.number().int(),
});

/** A sink with its signing secret: answered once, at creation and at rotation. */
export const sinkWithSecretSchema = sinkSchema.extend({
  secret: z.string(),
});

export const sinkTestResultSchema = z.object({
  delivered: z.boolean(),
  /** The receiver's HTTP status, null when none came. */
  status: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type SinkTestResult = z.infer<typeof sinkTestResultSchema>;
