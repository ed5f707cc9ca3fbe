/**
 * (In the contracts, beside the form schemas that read dates with it.)
 * The company's DATE_FORMAT (spec 3.3, 9.6; DECISIONS 3.3): dates are shown and entered in it and
 * stored as ISO dates (YYYY-MM-DD). A format is made of YYYY (or YY), MM or M, DD or D, and any
 * separators between them: "MM/DD/YYYY", "DD.MM.YYYY", "YYYY-MM-DD", "D/M/YYYY".
 */
export const DEFAULT_DATE_FORMAT = 'MM/DD/YYYY';

type Part = 'year' | 'month' | 'day';
interface Token {
  part: Part;
  /** Written with this many digits at least (2 for MM and DD, 4 for YYYY). */
  width: number;
}

const TOKEN = /YYYY|YY|MM|M|DD|D/g;

/** The format's date parts in order, or null when it is not one this reads (then the default is used). */
function tokensOf(format: string): Token[] | null {
  const tokens: Token[] = [];
  for (const [match] of format.toUpperCase().matchAll(TOKEN)) {
    const part: Part = match.startsWith('Y') ? 'year' : match.startsWith('M') ? 'month' : 'day';
    tokens.push({ part, width: match.length });
  }
  const parts = new Set(tokens.map((t) => t.part));
  return tokens.length === 3 && parts.size === 3 ? tokens : null;
}

/** A format this product can read: the company's, or the default when the company's has no day, month and year. */
export function usableDateFormat(format: string | null | undefined): string {
  return format && tokensOf(format) ? format.toUpperCase() : DEFAULT_DATE_FORMAT;
}

/** Whether y-m-d is a day of the calendar (2026-02-29 is not). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An ISO date (YYYY-MM-DD) that is a day of the calendar. */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  return match !== null && isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** An ISO date written in the format ("2026-12-01" in MM/DD/YYYY is "12/01/2026"); anything else is returned as it is. */
export function formatIsoDate(iso: string, format: string): string {
  const match = ISO_DATE.exec(iso);
  if (!match) return iso;
  const values: Record<Part, string> = { year: match[1]!, month: match[2]!, day: match[3]! };
  const usable = usableDateFormat(format);
  return usable.replace(TOKEN, (token) => {
    const part: Part = token.startsWith('Y') ? 'year' : token.startsWith('M') ? 'month' : 'day';
    const value = values[part];
    if (part === 'year') return token.length === 2 ? value.slice(2) : value;
    return token.length === 1 ? String(Number(value)) : value;
  });
}

/**
 * A date typed in the format, as an ISO date; null when it is not a day of the calendar in that
 * format. Forgiving as a person types: one or two digits for the day and month whatever the
 * format's width, and any non-digit as a separator ("1/5/2026" and "01-05-2026" in MM/DD/YYYY).
 * A two-digit year is of this century.
 */
export function parseDateIn(text: string, format: string): string | null {
  const tokens = tokensOf(usableDateFormat(format))!;
  const groups = text.trim().split(/\D+/).filter(Boolean);
  if (groups.length !== 3) return null;
  const values: Partial<Record<Part, number>> = {};
  for (const [index, token] of tokens.entries()) {
    const digits = groups[index]!;
    if (token.part === 'year' ? digits.length !== 4 && digits.length !== 2 : digits.length > 2) return null;
    values[token.part] = Number(digits) + (token.part === 'year' && digits.length === 2 ? 2000 : 0);
  }
  const { year, month, day } = values as Record<Part, number>;
  if (!isCalendarDay(year, month, day)) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
