import { sql, type ColumnBuilderBase, type HasDefault, type SQL } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/** Milliseconds in 400 Gregorian years (146 097 days): the calendar repeats after them. */
const CYCLE_MS = 146_097 * 86_400_000;

/** The value of the two decimal digits at `i`, NaN unless both are digits. */
function two(text: string, i: number): number {
  const a = text.charCodeAt(i) - 48;
  const b = text.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : NaN;
}

/**
 * The instant a timestamptz text names, as PostgreSQL writes it (DateStyle ISO, as
 * `2026-11-26 15:00:00.123456+05:30`, a year of four digits or more, ` BC` after years before
 * year 1) and as its JSON writes it (`T` between date and time, `+05:30`). Fractions of a
 * millisecond are cut, as `new Date(text)` cuts them. That reads years below 100 as 19xx or 20xx
 * and BC years not at all, so the audit chain's times must not go through it
 * (docs/decisions/007-keyed-audit-chain.md); anything else (infinity, -infinity) still does.
 * Read by position, no pattern: it runs for every timestamp of every row read.
 */
export function parseTimestamptz(text: string): Date {
  const n = text.length;
  let year = 0;
  let i = 0;
  for (; i < n; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) break;
    year = year * 10 + digit;
  }
  // i is at the '-' after the year: -MM-DD HH:MM:SS
  const sep = text.charCodeAt(i + 6);
  if (
    i < 4 ||
    text.charCodeAt(i) !== 45 ||
    text.charCodeAt(i + 3) !== 45 ||
    (sep !== 32 && sep !== 84) ||
    text.charCodeAt(i + 9) !== 58 ||
    text.charCodeAt(i + 12) !== 58
  ) {
    return new Date(text);
  }
  const month = two(text, i + 1);
  const day = two(text, i + 4);
  const hour = two(text, i + 7);
  const minute = two(text, i + 10);
  const second = two(text, i + 13);
  let j = i + 15;
  let ms = 0;
  if (text.charCodeAt(j) === 46) {
    // Up to six digits: the first three are the milliseconds, the rest are cut.
    let scale = 100;
    for (j++; j < n; j++) {
      const digit = text.charCodeAt(j) - 48;
      if (digit < 0 || digit > 9) break;
      ms += digit * scale;
      scale = (scale / 10) | 0;
    }
  }
  const sign = text.charCodeAt(j);
  if (sign !== 43 && sign !== 45) return new Date(text);
  // The offset: +HH, +HH:MM or +HH:MM:SS (local mean time, before time zones).
  let offset = two(text, j + 1) * 3600;
  j += 3;
  if (text.charCodeAt(j) === 58) {
    offset += two(text, j + 1) * 60;
    j += 3;
    if (text.charCodeAt(j) === 58) {
      offset += two(text, j + 1);
      j += 3;
    }
  }
  let isoYear = year;
  if (
    j === n - 3 &&
    text.charCodeAt(j) === 32 &&
    text.charCodeAt(j + 1) === 66 &&
    text.charCodeAt(j + 2) === 67
  ) {
    isoYear = 1 - year;
    j = n;
  }
  if (j !== n) return new Date(text);
  let utc: number;
  if (isoYear >= 100 && isoYear < 200_000) {
    utc = Date.UTC(isoYear, month - 1, day, hour, minute, second, ms);
  } else {
    // Date.UTC reads years 0-99 as 1900-1999: count from as many 400-year cycles later. Near
    // the last year a Date holds, the local time may be past it: count from a cycle earlier.
    const cycles = isoYear < 100 ? Math.ceil((100 - isoYear) / 400) : -1;
    utc =
      Date.UTC(isoYear + cycles * 400, month - 1, day, hour, minute, second, ms) -
      cycles * CYCLE_MS;
  }
  if (Number.isNaN(utc)) return new Date(text);
  return new Date(utc - (sign === 43 ? offset : -offset) * 1000);
}

/**
 * The text a Date is written as: its ISO string, as Drizzle's own columns write it, for years
 * 1-9999; after 9999 with the year unsigned and without leading zeros, and from ISO year 0 back
 * as a BC year: PostgreSQL reads neither in ISO's own spelling.
 */
export function formatTimestamptz(value: Date): string {
  const iso = value.toISOString();
  if (iso.length === 24 && !iso.startsWith('0000')) return iso;
  const year = value.getUTCFullYear();
  const rest = iso.slice(-20);
  return year > 0 ? `${year}${rest}` : `${String(1 - year).padStart(4, '0')}${rest} BC`;
}

const timestamptzColumn = customType<{ data: Date; driverData: string }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: (value) => (typeof value === 'string' ? parseTimestamptz(value) : value),
  toDriver: formatTimestamptz,
});

/** `.defaultNow()`, as Drizzle's own timestamp columns have it. */
function defaultNow<B extends ColumnBuilderBase & { default(value: SQL): unknown }>(
  this: B,
): HasDefault<B> {
  return this.default(sql`now()`) as HasDefault<B>;
}

/**
 * A `timestamp with time zone` column read as the exact instant, whatever its year
 * (parseTimestamptz), and written as PostgreSQL reads it back (formatTimestamptz).
 */
export function timestamptz(name: string) {
  return Object.assign(timestamptzColumn(name), { defaultNow });
}
