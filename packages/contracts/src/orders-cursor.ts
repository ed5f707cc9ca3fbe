import { z } from 'zod';

/**
 * A place in the order lists' order (appointment time, then id; decision 0071): the page after
 * the order it names, or the page before it. Clients keep it as an opaque string.
 */
export interface OrdersCursor {
  direction: 'after' | 'before';
  /** The order's appointment, an ISO instant; null for an order without a time (those come last). */
  at: string | null;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** "a" or "b", the instant (or nothing), the id: `a|2026-11-25T14:00:00.000Z|<uuid>`, as base64url. */
const SEPARATOR = '|';

/** Text as base64url without padding: what the lists' opaque cursors are written in. */
export function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text a base64url string holds; null when it is not one. */
export function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    return atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
}

export function encodeOrdersCursor(cursor: OrdersCursor): string {
  return toBase64Url([cursor.direction === 'after' ? 'a' : 'b', cursor.at ?? '', cursor.id].join(SEPARATOR));
}

/** The cursor a string holds; null when it is not one this API gave. */
export function decodeOrdersCursor(text: string): OrdersCursor | null {
  const parts = fromBase64Url(text)?.split(SEPARATOR);
  if (parts?.length !== 3) return null;
  const [direction, at, id] = parts as [string, string, string];
  if ((direction !== 'a' && direction !== 'b') || !UUID.test(id)) return null;
  if (at !== '' && (!INSTANT.test(at) || Number.isNaN(Date.parse(at)))) return null;
  return { direction: direction === 'a' ? 'after' : 'before', at: at === '' ? null : at, id };
}

/** The `cursor` of a list's query: a `next_cursor` or `previous_cursor` of an earlier page, checked and decoded. */
export const ordersCursorSchema = z
  .string()
  .max(200)
  .transform((text, context) => {
    const cursor = decodeOrdersCursor(text);
    if (cursor === null) {
      context.addIssue({ code: 'custom', message: 'not a cursor this list gave' });
      return z.NEVER;
    }
    return cursor;
  })
  .describe("A page's `next_cursor` or `previous_cursor`, as given");

/** A list asked for by page number or by cursor, not both: a `page` beyond the first beside a cursor is refused. */
export function pageOrCursor(
  query: { page: number; cursor?: OrdersCursor | undefined },
  context: z.RefinementCtx,
): void {
  if (query.cursor !== undefined && query.page !== 1)
    context.addIssue({ code: 'custom', message: 'a page number or a cursor, not both', path: ['page'] });
}

/**
 * `all=true` on a CSV download: every order the filters match, streamed, whatever the page;
 * `page`, `per_page` and `cursor` then say nothing. Without it the CSV is the page asked for.
 */
export const wholeExportSchema = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true')
  .describe('true: every order the filters match (CSV only), not one page');
