/**
 * Comma-separated values as RFC 4180 writes them, read the way spreadsheets save them: a field in
 * double quotes may hold commas, line breaks and doubled quotes (""); lines end in CRLF, LF or CR;
 * a UTF-8 byte-order mark (Excel's "CSV UTF-8") is dropped. Each record keeps the line it starts on,
 * so that a refusal can point at the line a person sees in their editor.
 */

export interface CsvRecord {
  /** The 1-based line of the file the record starts on (a quoted line break makes a record span several). */
  line: number;
  cells: string[];
}

export type CsvParse = { ok: true; records: CsvRecord[] } | { ok: false; message: string };

const BOM = '\uFEFF';

export function parseCsv(text: string): CsvParse {
  const source = text.startsWith(BOM) ? text.slice(BOM.length) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoteOpenedOn = 0;
  let inQuotes = false;
  let i = 0;
  let recordStart = 0;

  const endRecord = () => {
    cells.push(cell);
    records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };

  while (i < source.length) {
    const char = source[i]!;
    if (inQuotes) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i += 1;
        continue;
      }
      // A line break inside quotes is part of the value; CRLF is kept as one break.
      if (char === '\r' || char === '\n') {
        const crlf = char === '\r' && source[i + 1] === '\n';
        cell += crlf ? '\r\n' : char;
        line += 1;
        i += crlf ? 2 : 1;
        continue;
      }
      cell += char;
      i += 1;
      continue;
    }
    if (char === '"' && cell === '') {
      // Only a quote that opens a field quotes it: a quote inside plain text (5'10") is text.
      inQuotes = true;
      quoteOpenedOn = line;
      i += 1;
      continue;
    }
    if (char === ',') {
      cells.push(cell);
      cell = '';
      i += 1;
      continue;
    }
    if (char === '\r' || char === '\n') {
      endRecord();
      i += char === '\r' && source[i + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
      recordStart = i;
      continue;
    }
    cell += char;
    i += 1;
  }
  if (inQuotes)
    return {
      ok: false,
      message: `A quoted value that starts on line ${quoteOpenedOn} never ends: a closing " is missing.`,
    };
  // The last line may or may not end in a line break; an empty text has no records at all.
  if (source.length > recordStart) endRecord();
  return { ok: true, records };
}

/** A value that would otherwise be read back differently, or split, is quoted. */
function quoted(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Rows as a CSV text: CRLF line ends (RFC 4180) and a byte-order mark, without which Excel reads
 * UTF-8 names (José, Zoë) as another encoding.
 */
export function writeCsv(rows: ReadonlyArray<readonly string[]>): string {
  return BOM + rows.map((row) => row.map(quoted).join(',')).join('\r\n') + '\r\n';
}
