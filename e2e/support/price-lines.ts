import type { Locator } from 'playwright-core';

/** One line of a Services list as a visitor reads it: its kind, its words and its amount in cents (negative when taken off). */
export interface ReadLine {
  kind: string;
  label: string;
  cents: number;
}

/** "$1,234.56" or "- $40.00" in cents. */
export function centsOf(text: string): number {
  const match = /^(- )?\$([\d,]+\.\d\d)$/.exec(text.trim());
  if (!match) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  return (match[1] ? -1 : 1) * Math.round(Number(match[2]!.replace(/,/g, '')) * 100);
}

/**
 * The lines of a Services list (the review-order panel's, the review's or the thank-you's cart),
 * read from the screen: every line but the total, and the total.
 */
export async function readPriceLines(list: Locator): Promise<{ lines: ReadLine[]; total: number }> {
  await list.locator('[data-line="total"]').waitFor();
  const rows = await list.locator('[data-line]').evaluateAll((elements) =>
    elements.map((element) => ({
      kind: element.getAttribute('data-line') ?? '',
      label: element.querySelector('dt')?.textContent ?? '',
      amount: element.querySelector('dd')?.textContent ?? '',
    })),
  );
  const lines = rows
    .filter((row) => row.kind !== 'total')
    .map((row) => ({ kind: row.kind, label: row.label.trim(), cents: centsOf(row.amount) }));
  return { lines, total: centsOf(rows.find((row) => row.kind === 'total')!.amount) };
}

export const sumOf = (lines: readonly ReadLine[]) => lines.reduce((sum, line) => sum + line.cents, 0);
