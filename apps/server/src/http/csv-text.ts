/** A plain number ("-30.00"): what a spreadsheet reads as one, never the start of a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV field: quoted when needed, and a leading formula character neutralised for spreadsheets
 * (a negative amount stays a number, which the accountant's sheet adds up).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as CSV text (RFC 4180: CRLF after every row, the header's included). */
export function csvText(rows: ReadonlyArray<readonly string[]>): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
