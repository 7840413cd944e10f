/**
 * One CSV cell (RFC 4180). A spreadsheet runs a text cell that starts like a formula (= + - @, tab,
 * carriage return): `text` cells get a leading quote so they stay text. Amounts and dates are not text.
 */
export function csvCell(value: string | number | null, text = false): string {
  if (value === null) return '';
  const raw = String(value);
  const safe = text && /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows of cells as CSV text with CRLF line ends, as spreadsheets expect. */
export function csvLines(rows: string[][]): string {
  return rows.map((row) => `${row.join(',')}\r\n`).join('');
}
