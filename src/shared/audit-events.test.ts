import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONSOLE_EVENT_TYPES,
  CONSOLE_SEVERITIES,
  fitsConsoleEvent,
  fitsSecurityEvent,
  jsonBytes,
  SECURITY_EVENT_TYPES,
  SECURITY_SEVERITIES,
} from './audit-events';
import { consoleEventSchema, securityEventSchema } from './schemas/audit';

/**
 * The queues check events without zod (fitsConsoleEvent, fitsSecurityEvent);
 * the server checks them with zod. On every event a queue can build — a
 * random id and ISO timestamp, and a type, severity, details, session id and
 * page address from code — the two must agree, or a queue would hold an event
 * the server refuses, or drop one it would take.
 */

const text = (max: number) => fc.string({ unit: 'grapheme-composite', maxLength: max });
/** A text of about `around` characters: the bounds are where the two checks could part. */
const near = (around: number) =>
  fc.integer({ min: around - 3, max: around + 3 }).map((n) => 'x'.repeat(n));
const key = fc.oneof(text(12), near(64));
const details = fc.oneof(
  fc.constant(undefined),
  fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
  // Around the 32-key bound.
  fc
    .integer({ min: 29, max: 35 })
    .map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))),
  // Around the 2,048-byte bound, in one- and multi-byte characters.
  fc
    .tuple(fc.integer({ min: 2020, max: 2060 }), fc.constantFrom('a', 'é', '€'))
    .map(([bytes, ch]) => ({
      note: ch.repeat(Math.floor((bytes - 11) / new TextEncoder().encode(ch).length)),
    })),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.constant(null),
);
const common = {
  id: fc.uuid({ version: 4 }),
  timestamp: fc
    .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  details,
  session_id: fc.option(fc.oneof(text(12), near(64)), { nil: null }),
};
const typeFrom = (list: readonly string[]) =>
  fc.oneof(fc.constantFrom(...list), fc.constantFrom('login', 'admin.panel', ''));

describe('the queues’ event checks agree with the server’s schemas', () => {
  it('for console events', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            ...common,
            event_type: typeFrom(CONSOLE_EVENT_TYPES),
            severity: fc.constantFrom(...CONSOLE_SEVERITIES, 'info', 'urgent'),
          },
          { requiredKeys: ['id', 'timestamp', 'event_type', 'session_id'] },
        ),
        (event) => {
          expect(fitsConsoleEvent(event)).toBe(consoleEventSchema.safeParse(event).success);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('for start-up security events', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            ...common,
            event_type: typeFrom(SECURITY_EVENT_TYPES),
            severity: fc.constantFrom(...SECURITY_SEVERITIES, 'urgent'),
            page_url: fc.option(fc.oneof(fc.webUrl(), near(2048)), { nil: null }),
          },
          { requiredKeys: ['id', 'timestamp', 'event_type', 'severity', 'session_id', 'page_url'] },
        ),
        (event) => {
          expect(fitsSecurityEvent(event)).toBe(securityEventSchema.safeParse(event).success);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuse what is not an event at all', () => {
    for (const value of [null, undefined, 'config_change', 42, []]) {
      expect(fitsConsoleEvent(value)).toBe(false);
      expect(fitsSecurityEvent(value)).toBe(false);
    }
  });
});

describe('jsonBytes', () => {
  // Every kind of UTF-16 unit: ASCII, two- and three-byte characters, surrogate pairs (four
  // bytes) and lone surrogates (which JSON.stringify escapes as six ASCII bytes).
  const anyText = fc.string({ unit: 'binary', maxLength: 40 });
  const units = fc
    .array(
      fc.oneof(
        fc.integer({ min: 0, max: 0x7f }),
        fc.integer({ min: 0x80, max: 0x7ff }),
        fc.integer({ min: 0x800, max: 0xffff }),
      ),
      { maxLength: 40 },
    )
    .map((codes) => String.fromCharCode(...codes));

  it('counts the UTF-8 bytes of the JSON as an encoder writes them', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, units), fc.oneof(anyText, units), (key, value) => {
        const payload = { [key]: value, list: [value, 1] };
        expect(jsonBytes(payload)).toBe(new TextEncoder().encode(JSON.stringify(payload)).length);
      }),
      { numRuns: 2_000 },
    );
  });

  it('counts nothing for a value JSON cannot hold', () => {
    expect(jsonBytes(undefined)).toBe(0);
  });
});
