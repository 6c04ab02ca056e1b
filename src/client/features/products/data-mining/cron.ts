/**
 * Reads a standard five-field cron expression (minute hour day-of-month month
 * day-of-week) and says in plain English when it runs, for the custom schedule
 * of the New Mining Job dialog (docs/product/dashboards.md#mining-cron). Supports the wildcard, single
 * values, lists, ranges, steps (on the wildcard, `a-b/n` and `a/n`), month and
 * weekday names, day 7 as Sunday and the common `@daily`-style shorthands.
 *
 * Kept in the repository rather than taken from a package: the dialog needs
 * only the five standard fields, and messages that name the field at fault.
 */

export type CronDescription = { valid: true; text: string } | { valid: false; error: string };

type FieldSpec = {
  label: string;
  min: number;
  max: number;
  /** Largest step that still repeats within the field. */
  maxStep: number;
  names?: readonly string[];
  /** Value of the first name (JAN = 1, SUN = 0). */
  nameBase?: number;
};

type Item = { form: 'any' | 'value' | 'range'; start: number; end: number; step: number };

type Field = { raw: string; items: Item[]; values: number[] };

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const DAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

const FIELDS: readonly FieldSpec[] = [
  { label: 'minute', min: 0, max: 59, maxStep: 59 },
  { label: 'hour', min: 0, max: 23, maxStep: 23 },
  { label: 'day-of-month', min: 1, max: 31, maxStep: 30 },
  {
    label: 'month',
    min: 1,
    max: 12,
    maxStep: 11,
    names: MONTHS.map((m) => m.slice(0, 3).toUpperCase()),
    nameBase: 1,
  },
  {
    label: 'day-of-week',
    min: 0,
    max: 7,
    maxStep: 6,
    names: DAYS.map((d) => d.slice(0, 3).toUpperCase()),
    nameBase: 0,
  },
];

const SHORTHANDS: ReadonlyMap<string, string> = new Map([
  ['@yearly', '0 0 1 1 *'],
  ['@annually', '0 0 1 1 *'],
  ['@monthly', '0 0 1 * *'],
  ['@weekly', '0 0 * * 0'],
  ['@daily', '0 0 * * *'],
  ['@midnight', '0 0 * * *'],
  ['@hourly', '0 * * * *'],
]);

class CronError extends Error {}

function parseNumber(token: string, spec: FieldSpec): number {
  if (/^\d+$/.test(token)) {
    const n = Number(token);
    if (n < spec.min || n > spec.max) {
      throw new CronError(
        `The ${spec.label} field has ${token}, which is outside ${spec.min}–${spec.max}.`,
      );
    }
    return n;
  }
  const index = spec.names?.indexOf(token.toUpperCase()) ?? -1;
  if (index >= 0) return index + (spec.nameBase ?? 0);
  throw new CronError(`The ${spec.label} field has "${token}", which is not a number or a name.`);
}

function parseItem(token: string, spec: FieldSpec): Item {
  if (token === '') throw new CronError(`The ${spec.label} field has an empty entry.`);
  const [base = '', stepText, ...rest] = token.split('/');
  if (rest.length > 0)
    throw new CronError(`The ${spec.label} field has "${token}", with two steps.`);
  let step = 1;
  if (stepText !== undefined) {
    if (!/^\d+$/.test(stepText) || Number(stepText) < 1 || Number(stepText) > spec.maxStep) {
      throw new CronError(
        `The ${spec.label} field has the step "/${stepText}"; steps run from 1 to ${spec.maxStep}.`,
      );
    }
    step = Number(stepText);
  }
  if (base === '*') return { form: 'any', start: spec.min, end: spec.max, step };
  const bounds = base.split('-');
  if (bounds.length === 2) {
    const start = parseNumber(bounds[0]!, spec);
    const end = parseNumber(bounds[1]!, spec);
    if (start > end) {
      throw new CronError(`The ${spec.label} field has the range "${base}", which runs backwards.`);
    }
    return { form: 'range', start, end, step };
  }
  if (bounds.length > 2) {
    throw new CronError(`The ${spec.label} field has "${base}", which is not a range.`);
  }
  const value = parseNumber(base, spec);
  // "a/n" means from a to the end of the field, every n (Vixie cron).
  return stepText === undefined
    ? { form: 'value', start: value, end: value, step }
    : { form: 'range', start: value, end: spec.max, step };
}

function parseField(raw: string, spec: FieldSpec, isWeekday: boolean): Field {
  const items = raw.split(',').map((token) => parseItem(token, spec));
  const values = new Set<number>();
  for (const item of items) {
    for (let v = item.start; v <= item.end; v += item.step)
      values.add(isWeekday && v === 7 ? 0 : v);
  }
  return { raw, items, values: [...values].sort((a, b) => a - b) };
}

/* ---------- reading the parsed fields ---------- */

const isAny = (f: Field) =>
  f.items.length === 1 && f.items[0]!.form === 'any' && f.items[0]!.step === 1;
/** The step n of a lone wildcard with a step, else null. */
const anyStep = (f: Field) =>
  f.items.length === 1 && f.items[0]!.form === 'any' && f.items[0]!.step > 1
    ? f.items[0]!.step
    : null;
const single = (f: Field) =>
  f.items.length === 1 && f.items[0]!.form === 'value' ? f.items[0]!.start : null;
const plainRange = (f: Field) =>
  f.items.length === 1 && f.items[0]!.form === 'range' && f.items[0]!.step === 1
    ? f.items[0]!
    : null;
const plainList = (f: Field) => f.items.every((i) => i.form === 'value');

/* ---------- English ---------- */

export function joinList(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (hour: number, minute: number) => `${pad(hour)}:${pad(minute)}`;

function describeMinutes(m: Field): string {
  if (isAny(m)) return 'Every minute';
  const step = anyStep(m);
  if (step) return `Every ${step} minutes`;
  const item = m.items[0]!;
  if (m.items.length === 1 && item.form === 'range') {
    const every = item.step === 1 ? 'Every minute' : `Every ${item.step} minutes`;
    return `${every} from minute ${item.start} through ${item.end} past the hour`;
  }
  return `At minutes ${joinList(m.values.map(String))} past the hour`;
}

/** Narrows a minute-level description to some hours; empty for every hour. */
function hourQualifier(h: Field): string {
  if (isAny(h)) return '';
  const step = anyStep(h);
  if (step) return `during every ${ordinal(step)} hour`;
  const one = single(h);
  if (one !== null) return `between ${clock(one, 0)} and ${clock(one, 59)}`;
  const range = plainRange(h);
  if (range) return `between ${clock(range.start, 0)} and ${clock(range.end, 59)}`;
  return `during the ${joinList(h.values.map((hour) => clock(hour, 0)))} hours`;
}

/** The time of day, and whether it names clock times (then "every day" reads well after it). */
function describeTime(m: Field, h: Field): { text: string; clockTimes: boolean } {
  const at = (times: string[]) => ({ text: `At ${joinList(times)}`, clockTimes: true });
  if (plainList(m) && plainList(h) && m.values.length * h.values.length <= 12) {
    return at(h.values.flatMap((hour) => m.values.map((minute) => clock(hour, minute))));
  }
  const minute = single(m);
  if (minute !== null) {
    if (isAny(h)) return { text: `Every hour, at minute ${minute}`, clockTimes: false };
    const step = anyStep(h);
    if (step) return { text: `Every ${step} hours, at minute ${minute}`, clockTimes: false };
    const range = plainRange(h);
    if (range) {
      const text = `Every hour from ${clock(range.start, minute)} through ${clock(range.end, minute)}`;
      return { text, clockTimes: false };
    }
    return at(h.values.map((hour) => clock(hour, minute)));
  }
  const hours = hourQualifier(h);
  const minutes = describeMinutes(m);
  return { text: hours ? `${minutes}, ${hours}` : minutes, clockTimes: false };
}

function describeMonthDays(d: Field): string {
  const step = anyStep(d);
  if (step) return `on every ${ordinal(step)} day of the month`;
  const one = single(d);
  if (one !== null) return `on day ${one} of the month`;
  const range = plainRange(d);
  if (range) return `on days ${range.start} through ${range.end} of the month`;
  return `on days ${joinList(d.values.map(String))} of the month`;
}

function describeWeekdays(w: Field): string {
  if (w.values.length === 7) return 'on every day of the week';
  const range = plainRange(w);
  if (range) return `on ${DAYS[range.start % 7]} through ${DAYS[range.end % 7]}`;
  return `on ${joinList(w.values.map((d) => DAYS[d]!))}`;
}

function describeMonths(mo: Field): string {
  const range = plainRange(mo);
  if (range) return `from ${MONTHS[range.start - 1]} through ${MONTHS[range.end - 1]}`;
  return `in ${joinList(mo.values.map((m) => MONTHS[m - 1]!))}`;
}

function describeDates(d: Field, mo: Field, w: Field): string[] {
  const dayOne = single(d);
  const monthOne = single(mo);
  if (dayOne !== null && monthOne !== null && isAny(w)) {
    return [`on ${MONTHS[monthOne - 1]} ${dayOne}`];
  }
  const parts: string[] = [];
  const days = isAny(d) ? '' : describeMonthDays(d);
  const weekdays = isAny(w) ? '' : describeWeekdays(w);
  if (days && weekdays) {
    // Cron runs on either kind of day when both fields are restricted, but on
    // days matching both when one of them starts with "*" (as in */2).
    const either = !d.raw.startsWith('*') && !w.raw.startsWith('*');
    parts.push(either ? `${days} and ${weekdays}` : `${days}, if it falls ${weekdays}`);
  } else if (days || weekdays) {
    parts.push(days || weekdays);
  }
  if (!isAny(mo)) parts.push(describeMonths(mo));
  return parts;
}

/** Says in plain English when a five-field cron expression runs, or why it is not valid. */
export function describeCron(expression: string): CronDescription {
  const trimmed = expression.trim();
  const expanded = SHORTHANDS.get(trimmed.toLowerCase()) ?? trimmed;
  if (expanded.startsWith('@')) {
    return { valid: false, error: `"${trimmed}" is not a shorthand this scheduler knows.` };
  }
  const raw = expanded.split(/\s+/).filter(Boolean);
  if (raw.length !== 5) {
    return {
      valid: false,
      error: `A cron expression has 5 fields (minute hour day-of-month month day-of-week); this one has ${raw.length}.`,
    };
  }
  try {
    const [m, h, d, mo, w] = raw.map((text, i) => parseField(text, FIELDS[i]!, i === 4)) as [
      Field,
      Field,
      Field,
      Field,
      Field,
    ];
    const time = describeTime(m, h);
    const dates = describeDates(d, mo, w);
    const everyDay = dates.length === 0 && time.clockTimes ? ['every day'] : [];
    return { valid: true, text: [time.text, ...dates, ...everyDay].join(', ') };
  } catch (error) {
    if (error instanceof CronError) return { valid: false, error: error.message };
    throw error;
  }
}
