import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatMoney } from '@scheduler/domain/money-format';
import { formatLineAmount } from '@scheduler/domain/pricing/display-lines';
import { embedFonts, oneLine } from '../../pdf/fonts.ts';

/**
 * A payment's or a refund's receipt as a PDF (issue 44, decision 0082): the company's details, the
 * receipt's number and date, the order, its price lines and taxes adding up to the total, the money
 * received or given back, how, and the balance due after it. Pure: the same input gives the same
 * bytes (the dates are the entry's, the producer fixed), so the e-mail's copy and a download agree.
 */
export interface ReceiptPdfInput {
  kind: 'payment' | 'refund';
  company: { name: string; address: string; phone: string; email: string; licenceNumber: string };
  receiptNumber: string;
  /** The office's date the money changed hands, as words ("December 1, 2026"). */
  date: string;
  /** When it was recorded, the office's wall time with its zone ("December 1, 2026 at 9:30 AM EST"). */
  recordedAt: string;
  /** The instant of the PDF's own dates (the entry's recording). */
  createdAt: Date;
  orderReference: string;
  clients: string;
  propertyAddress: string;
  /** The inspection's date and time with the zone ("12/1/2026 at 9:30AM EST"). */
  appointment: string;
  currency: string;
  lines: Array<{ label: string; amountCents: number }>;
  totalCents: number;
  amountCents: number;
  /** How: "Card, Stripe payment pi_…", "Check 1042", "Cash". */
  method: string;
  /** What the refund gives back, or why (a lost dispute); '' when nothing is said. */
  note: string;
  balanceDueCents: number;
}

const PRODUCER = 'Online Scheduler';
// US Letter, three-quarter-inch margins.
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 54;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const AMOUNT_COLUMN = 110;
const SIZE = 10.5;
const LINE = SIZE * 1.45;
const TEXT_COLOUR = rgb(0.1, 0.1, 0.1);
const MUTED_COLOUR = rgb(0.4, 0.4, 0.4);

class Sheet {
  private page: PDFPage;
  private y = PAGE_HEIGHT - MARGIN;

  constructor(
    private readonly pdf: PDFDocument,
    readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    this.page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  }

  /** Room for `height` more, on a new page when this one is full. */
  private room(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** `text` broken into lines of at most `width` at `size` (a word longer than a line is cut). */
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of oneLine(text).split(' ')) {
      const tried = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(tried, size) <= width) {
        current = tried;
        continue;
      }
      if (current) lines.push(current);
      current = word;
      while (font.widthOfTextAtSize(current, size) > width && current.length > 1) {
        let cut = current.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > width) cut -= 1;
        lines.push(current.slice(0, cut));
        current = current.slice(cut);
      }
    }
    if (current) lines.push(current);
    return lines.length > 0 ? lines : [''];
  }

  text(text: string, options: { bold?: boolean; size?: number; muted?: boolean } = {}): void {
    const size = options.size ?? SIZE;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    for (const line of this.wrap(text, font, size, CONTENT_WIDTH)) {
      this.room(size * 1.45);
      this.y -= size * 1.45;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: options.muted ? MUTED_COLOUR : TEXT_COLOUR });
    }
  }

  /** A label and its value: "Order  F80ADF62". */
  field(label: string, value: string): void {
    const labelWidth = 130;
    const lines = this.wrap(value, this.fonts.regular, SIZE, CONTENT_WIDTH - labelWidth);
    lines.forEach((line, index) => {
      this.room(LINE);
      this.y -= LINE;
      if (index === 0)
        this.page.drawText(label, { x: MARGIN, y: this.y, size: SIZE, font: this.fonts.bold, color: TEXT_COLOUR });
      this.page.drawText(line, {
        x: MARGIN + labelWidth,
        y: this.y,
        size: SIZE,
        font: this.fonts.regular,
        color: TEXT_COLOUR,
      });
    });
  }

  /** A line of the price: its label on the left, its amount right-aligned. */
  amountRow(label: string, amount: string, bold = false): void {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const lines = this.wrap(label, font, SIZE, CONTENT_WIDTH - AMOUNT_COLUMN - 10);
    lines.forEach((line, index) => {
      this.room(LINE);
      this.y -= LINE;
      this.page.drawText(line, { x: MARGIN, y: this.y, size: SIZE, font, color: TEXT_COLOUR });
      if (index === 0) {
        const width = font.widthOfTextAtSize(amount, SIZE);
        this.page.drawText(amount, { x: PAGE_WIDTH - MARGIN - width, y: this.y, size: SIZE, font, color: TEXT_COLOUR });
      }
    });
  }

  rule(): void {
    this.room(8);
    this.y -= 6;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE_WIDTH - MARGIN, y: this.y },
      thickness: 0.5,
      color: MUTED_COLOUR,
    });
  }

  space(points: number): void {
    this.y -= points;
  }
}

export async function renderReceiptPdf(input: ReceiptPdfInput): Promise<Uint8Array> {
  const refund = input.kind === 'refund';
  const title = refund ? 'Refund receipt' : 'Receipt';
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`${title} ${oneLine(input.receiptNumber)}`);
  pdf.setSubject(`${title}, order ${oneLine(input.orderReference)}`);
  pdf.setAuthor(oneLine(input.company.name));
  pdf.setProducer(PRODUCER);
  pdf.setCreator(PRODUCER);
  pdf.setCreationDate(input.createdAt);
  pdf.setModificationDate(input.createdAt);
  const sheet = new Sheet(pdf, await embedFonts(pdf, ['regular', 'bold'] as const));
  const money = (cents: number) => formatMoney(cents, input.currency);

  sheet.text(input.company.name, { bold: true, size: 16 });
  for (const detail of [input.company.address, input.company.phone, input.company.email])
    if (oneLine(detail)) sheet.text(detail, { muted: true });
  if (oneLine(input.company.licenceNumber)) sheet.text(`Licence ${input.company.licenceNumber}`, { muted: true });
  sheet.space(10);
  sheet.text(title, { bold: true, size: 14 });
  sheet.field('Receipt number', input.receiptNumber);
  sheet.field('Date', input.date);
  sheet.field('Recorded', input.recordedAt);
  sheet.space(6);
  sheet.field('Order', input.orderReference);
  sheet.field('Client', input.clients || '—');
  sheet.field('Property', input.propertyAddress || '—');
  sheet.field('Inspection', input.appointment);
  sheet.space(10);
  for (const line of input.lines) sheet.amountRow(line.label, formatLineAmount(line.amountCents, input.currency));
  sheet.rule();
  sheet.amountRow('Total', money(input.totalCents), true);
  sheet.space(10);
  sheet.amountRow(refund ? 'Refunded' : 'Received', money(input.amountCents), true);
  sheet.field('Method', input.method);
  if (oneLine(input.note)) sheet.field(refund ? 'Reason' : 'Note', input.note);
  sheet.rule();
  sheet.amountRow(
    input.balanceDueCents < 0 ? 'Overpaid after this' : `Balance due after this ${refund ? 'refund' : 'payment'}`,
    money(Math.abs(input.balanceDueCents)),
    true,
  );
  return pdf.save();
}
