/** Identifiers say little at a glance; the full details stay in the export. */
const isId = (key: string) => key === 'id' || key.endsWith('_id') || key.endsWith('_ids');

/** "full_name" → "Full name". */
function label(key: string): string {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A value as a person reads it: never JSON. */
function readable(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
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

/** Every detail as "Label: value", a list of changes spelled out one by one. */
export function describeDetails(details: Record<string, unknown>): string {
  const entries = Object.entries(details);
  const shown = entries.filter(([key]) => !isId(key));
  return (shown.length ? shown : entries)
    .flatMap(([key, value]) =>
      key === 'changes' && isRecord(value) ? Object.entries(value) : [[key, value] as const],
    )
    .map(([key, value]) => `${label(key)}: ${readable(value)}`)
    .join(' · ');
}

/** One line summarizing an event's details for the table. */
export function summarizeDetails(details: Record<string, unknown>, max = 140): string {
  const text = describeDetails(details);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
