import type { Pricing } from '@scheduler/contracts/pricing';
import { htmlToPlainText } from '../html-text.ts';
import { formatMoney } from '../money-format.ts';
import { displayLines, formatLineAmount, type DisplayLine } from '../pricing/display-lines.ts';

/**
 * What an office's edit of an order changed, in words (issue 41 item 1): the audit event keeps
 * these, and the order's History reads them as "Home inspection price: $425.00 → $445.00", never
 * as internal paths. `before` null: the thing was added; `after` null: it was removed; both null:
 * a note said by its label alone.
 */
export interface EditChange {
  label: string;
  before: string | null;
  after: string | null;
}

/** The most a note's words shown in a change: the change names the note, the order page holds it whole. */
const NOTE_WORDS_MAX = 80;

/** One change as its History line says it. */
export function editChangeText(change: EditChange): string {
  // A note with neither side (the office's override of a check) is its label alone.
  if (change.before === null && change.after === null) return change.label;
  if (change.before === null) return `${change.label} added${change.after ? ` (${change.after})` : ''}`;
  if (change.after === null) return `${change.label} removed${change.before ? ` (was ${change.before})` : ''}`;
  return `${change.label}: ${change.before} → ${change.after}`;
}

/** A line's words: its catalogue name without markup; a package or service's price as "… price". */
function lineLabel(line: DisplayLine): string {
  const label = htmlToPlainText(line.label).trim() || line.key;
  return label;
}

const priced = (line: DisplayLine): boolean => line.kind === 'package' || line.kind === 'service';

/**
 * The price lines' changes, line by line as the order's screens lay them out (displayLines): a
 * package or service added or removed, a line's amount changed ("Home inspection price: $425.00 →
 * $445.00"), savings, charges, coupons (the office's discount among them) and taxes; then the total.
 */
export function priceChanges(before: Pricing | null, after: Pricing, currency: string): EditChange[] {
  const old = before ? displayLines(before) : { lines: [], total: null };
  const now = displayLines(after);
  const oldByKey = new Map(old.lines.map((line) => [line.key, line]));
  const newKeys = new Set(now.lines.map((line) => line.key));
  const money = (line: DisplayLine) => formatLineAmount(line.amount, currency);
  const changes: EditChange[] = [];
  for (const line of old.lines) {
    if (!newKeys.has(line.key)) changes.push({ label: lineLabel(line), before: money(line), after: null });
  }
  for (const line of now.lines) {
    const was = oldByKey.get(line.key);
    if (!was) changes.push({ label: lineLabel(line), before: null, after: money(line) });
    else if (was.amount !== line.amount)
      changes.push({
        label: priced(line) ? `${lineLabel(line)} price` : lineLabel(line),
        before: money(was),
        after: money(line),
      });
  }
  if (old.total !== now.total)
    changes.push({
      label: 'Total',
      before: formatMoney(old.total ?? 0, currency),
      after: formatMoney(now.total ?? 0, currency),
    });
  return changes;
}

function quoted(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return '(none)';
  return `“${flat.length > NOTE_WORDS_MAX ? `${flat.slice(0, NOTE_WORDS_MAX - 1)}…` : flat}”`;
}

/** A text field's change ("Special note: “…” → “…”"), or none when it is the same. */
export function textChange(label: string, before: string, after: string): EditChange[] {
  if (before.trim() === after.trim()) return [];
  return [{ label, before: quoted(before), after: quoted(after) }];
}
