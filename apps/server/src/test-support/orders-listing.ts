/** What the office's listing tests read and expect, JSON and CSV alike. */

/** The start and end of a three-hour inspection at 9:00 AM in Columbus (New York's zone) on 25 November 2026, as the listing gives them. */
export const COLUMBUS_NINE_AM = {
  datetime: '2026-11-25T14:00:00.000Z',
  duration: 180,
  time_zone: 'America/New_York',
  local_date: '2026-11-25',
  local_time: '09:00',
  utc_offset: '-05:00',
  zone_abbreviation: 'EST',
  local_end_date: '2026-11-25',
  local_end_time: '12:00',
  local_end_utc_offset: '-05:00',
} as const;

/**
 * A CSV document (RFC 4180) read as a spreadsheet reads it: quoted cells may hold commas, doubled
 * quotes and line breaks. Each row as its cells by the header's column names.
 */
export function csvRecords(text: string): Array<Record<string, string>> {
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
  if (cell !== '' || row.length) throw new Error('the CSV does not end with CRLF');
  const [header = [], ...records] = rows;
  return records.map((cells) => {
    if (cells.length !== header.length)
      throw new Error(`a row of ${cells.length} cells under a header of ${header.length}`);
    return Object.fromEntries(header.map((name, i) => [name, cells[i]!]));
  });
}
