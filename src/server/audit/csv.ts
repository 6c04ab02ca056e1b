/**
 * CSV for spreadsheets (RFC 4180 quoting) that cannot run formulas (OWASP "CSV Injection"):
 * - a cell that starts with =, +, -, @, a tab or a carriage return is prefixed with an
 *   apostrophe, so a spreadsheet shows it as text;
 * - inside a cell, an apostrophe goes before =, +, -, @ that follow a comma, semicolon, tab or
 *   line break (with only spaces, tabs or quotes between): a spreadsheet set to split on `;` or
 *   tabs starts a cell there, and quoting does not stop it, since it splits inside the quotes.
 * The users export and the audit trail export both write their cells here.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n][\s"]*)([=+\-@])/g;

export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : value instanceof Date
          ? value.toISOString()
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  text = text.replace(FORMULA_AFTER_SEPARATOR, `$1'$2`);
  if (/[",\r\n]/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
