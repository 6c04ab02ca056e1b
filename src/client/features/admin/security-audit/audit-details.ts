/** Identifiers say little at a glance; the full details stay in the row's tooltip and the export. */
const isId = (key: string) => key === 'id' || key.endsWith('_id') || key.endsWith('_ids');

/** One line summarizing an event's details for the table. */
export function summarizeDetails(details: Record<string, unknown>, max = 140): string {
  const entries = Object.entries(details);
  const readable = entries.filter(([key]) => !isId(key));
  const text = (readable.length ? readable : entries)
    .map(([key, value]) => {
      const shown =
        value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
      return `${key.replace(/_/g, ' ')}: ${shown}`;
    })
    .join(' · ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
