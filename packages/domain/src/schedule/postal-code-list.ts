/**
 * Lists of postal codes as a person types them in the console: codes and ranges of numeric codes
 * ("43001-43005"), separated by commas, spaces or lines. Stored as the plain list the company
 * document holds; shown back with runs of consecutive codes written as ranges.
 */

/** The most codes one list may hold, ranges expanded: a state's worth, and a bound on the work. */
export const MAX_POSTAL_CODES = 5000;
const CODE = /^[A-Za-z0-9]{2,10}$/;
const RANGE = /^(\d{2,10})\s*[-–]\s*(\d{2,10})$/;

export type PostalCodesResult = { ok: true; codes: string[] } | { ok: false; message: string };

/** The codes a text names, in order, each once. */
export function parsePostalCodeList(text: string): PostalCodesResult {
  // A range is found before the text is split on spaces, so "43001 - 43005" stays one range.
  const items = text
    .replace(/(\d)\s*[-–]\s*(\d)/g, '$1-$2')
    .split(/[\s,;]+/)
    .filter((item) => item !== '');
  const codes: string[] = [];
  const seen = new Set<string>();
  const add = (code: string): boolean => {
    if (seen.has(code)) return true;
    if (codes.length >= MAX_POSTAL_CODES) return false;
    seen.add(code);
    codes.push(code);
    return true;
  };
  for (const item of items) {
    const range = RANGE.exec(item);
    if (range) {
      const [from, to] = [range[1]!, range[2]!];
      if (from.length !== to.length)
        return { ok: false, message: `The range ${item} joins codes of different lengths.` };
      if (Number(to) < Number(from)) return { ok: false, message: `The range ${item} ends before it starts.` };
      if (Number(to) - Number(from) + 1 > MAX_POSTAL_CODES)
        return { ok: false, message: `At most ${MAX_POSTAL_CODES} postal codes.` };
      for (let code = Number(from); code <= Number(to); code++) {
        if (!add(String(code).padStart(from.length, '0')))
          return { ok: false, message: `At most ${MAX_POSTAL_CODES} postal codes.` };
      }
      continue;
    }
    if (!CODE.test(item)) return { ok: false, message: `"${item}" is not a postal code.` };
    if (!add(item.toUpperCase())) return { ok: false, message: `At most ${MAX_POSTAL_CODES} postal codes.` };
  }
  return { ok: true, codes };
}

/** A list as the editor shows it: sorted, runs of three or more consecutive numeric codes as ranges. */
export function formatPostalCodeList(codes: readonly string[]): string {
  const sorted = [...new Set(codes)].sort((a, b) => a.length - b.length || a.localeCompare(b));
  const parts: string[] = [];
  for (let index = 0; index < sorted.length;) {
    let last = index;
    const numeric = /^\d+$/.test(sorted[index]!);
    while (
      numeric &&
      last + 1 < sorted.length &&
      sorted[last + 1]!.length === sorted[index]!.length &&
      /^\d+$/.test(sorted[last + 1]!) &&
      Number(sorted[last + 1]) === Number(sorted[last]) + 1
    )
      last++;
    parts.push(last - index >= 2 ? `${sorted[index]}-${sorted[last]}` : sorted.slice(index, last + 1).join(', '));
    index = last + 1;
  }
  return parts.join(', ');
}
