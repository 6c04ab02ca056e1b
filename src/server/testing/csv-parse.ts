/** RFC 4180 records of a CSV text: quoted cells, doubled quotes, CRLF between records. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

/**
 * The cells a spreadsheet would run as formulas if it split the text on any separator it may be
 * set to (comma, semicolon, tab, line break), quoting or not: each piece, after leading spaces
 * and quotes, that starts with =, +, - or @. An export must give none.
 */
export function formulaCellsInAnyView(text: string): string[] {
  return text.split(/[,;\t\r\n]/).filter((piece) => /^[\s"]*[=+\-@]/.test(piece));
}
