import { describe, expect, it } from 'vitest';
import { extract } from '../../pdf/pdf-text-test-support.ts';
import { renderReceiptPdf, type ReceiptPdfInput } from './receipt-pdf.ts';

const JPY: ReceiptPdfInput = {
  kind: 'payment',
  company: {
    name: 'Sakura Home Inspections',
    address: '1-2-3 Shibuya, Tokyo 150-0002',
    phone: '+81 3-1234-5678',
    email: 'office@sakura.example',
    licenceNumber: 'HI-00042',
  },
  receiptNumber: 'R-F80ADF62-1A2B3C4D',
  date: 'December 1, 2026',
  recordedAt: '12/1/2026 at 9:30AM JST',
  createdAt: new Date('2026-12-01T00:30:00Z'),
  orderReference: 'F80ADF62',
  clients: 'Yuki Tanaka and Ken Tanaka',
  propertyAddress: '4-5-6 Ebisu, Tokyo',
  appointment: '12/3/2026 at 10:00AM JST',
  currency: 'JPY',
  lines: [
    { label: 'Home inspection', amountCents: 45_000 },
    { label: 'Savings', amountCents: -5_000 },
    { label: 'Consumption tax (tax)', amountCents: 4_000 },
  ],
  totalCents: 44_000,
  amountCents: 20_000,
  method: 'Cash',
  note: '',
  balanceDueCents: 24_000,
};

/** "¥45,000" → 45000, "- $5.00" → -500 (in the currency's smallest unit, as `digits` says). */
function amountOf(text: string, digits: number): number {
  const negative = text.trim().startsWith('-');
  const value = Number(text.replace(/[^\d.]/g, ''));
  return Math.round(value * 10 ** digits) * (negative ? -1 : 1);
}

/** A line of the label, then (after whatever space pdf.js reads between them) the value. */
function row(lines: readonly string[], label: string, value: string): boolean {
  return lines.some((line) => line.replace(/\s+/g, ' ').trim() === `${label} ${value}` || line === `${label}${value}`);
}

describe('the PDF receipt (decision 0082)', () => {
  it('prints the company, the order and price lines in yen without decimals that add up to the total, and the balance after', async () => {
    const { pages, info } = await extract(await renderReceiptPdf(JPY));
    expect(pages).toHaveLength(1);
    const { lines, text } = pages[0]!;
    for (const words of [
      'Sakura Home Inspections',
      '1-2-3 Shibuya, Tokyo 150-0002',
      '+81 3-1234-5678',
      'office@sakura.example',
      'Licence HI-00042',
      'Receipt number',
      'R-F80ADF62-1A2B3C4D',
      'December 1, 2026',
      '12/1/2026 at 9:30AM JST',
      'F80ADF62',
      'Yuki Tanaka and Ken Tanaka',
      '4-5-6 Ebisu, Tokyo',
      '12/3/2026 at 10:00AM JST',
      'Consumption tax (tax)',
      'Cash',
    ])
      expect(text).toContain(words);
    const priced = JPY.lines.map((line) => lines.find((each) => each.startsWith(line.label))!);
    const amounts = priced.map((line, index) => amountOf(line.slice(JPY.lines[index]!.label.length), 0));
    expect(amounts).toEqual([45_000, -5_000, 4_000]);
    const total = lines.find((line) => line.startsWith('Total'))!;
    expect(row([total], 'Total', '¥44,000')).toBe(true);
    expect(amounts.reduce((sum, each) => sum + each, 0)).toBe(amountOf(total, 0));
    expect(row(lines, 'Received', '¥20,000')).toBe(true);
    expect(row(lines, 'Balance due after this payment', '¥24,000')).toBe(true);
    expect(text).not.toMatch(/¥[\d,]+\.\d/);
    expect(info).toMatchObject({ Title: 'Receipt R-F80ADF62-1A2B3C4D', Author: 'Sakura Home Inspections' });
  });

  it("says a refund's words and reason, leaves out a licence not set, and makes the same bytes twice", async () => {
    const refund: ReceiptPdfInput = {
      ...JPY,
      kind: 'refund',
      company: { ...JPY.company, licenceNumber: '' },
      currency: 'USD',
      lines: [
        { label: 'Home inspection', amountCents: 42_500 },
        { label: 'Ohio sales tax (tax)', amountCents: 3_188 },
      ],
      totalCents: 45_688,
      amountCents: 5_000,
      method: 'Refunded to the card through Stripe (re_test_000001)',
      note: 'Radon test not done',
      balanceDueCents: 5_000,
    };
    const bytes = await renderReceiptPdf(refund);
    expect(Buffer.from(await renderReceiptPdf(refund)).equals(Buffer.from(bytes))).toBe(true);
    const { lines, text } = (await extract(bytes)).pages[0]!;
    expect(lines).toContain('Refund receipt');
    expect(row(lines, 'Total', '$456.88')).toBe(true);
    expect(row(lines, 'Refunded', '$50.00')).toBe(true);
    expect(row(lines, 'Reason', 'Radon test not done')).toBe(true);
    expect(row(lines, 'Balance due after this refund', '$50.00')).toBe(true);
    expect(text).not.toContain('Licence');
  });
});
