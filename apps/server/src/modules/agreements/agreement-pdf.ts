import { Parser } from 'htmlparser2';
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { zoneAbbreviation } from '@scheduler/domain/time-zone-text';
import { CONTROL, embedFonts, FONT_FILES, oneLine, type FontName } from '../../pdf/fonts.ts';

/**
 * The sealed PDF of a signed agreement (issue 43, decision 0080): the document as the signers were
 * shown it, then a signature certificate with each signer's evidence and the document's SHA-256.
 *
 * Pure: the same input gives the same bytes (pdf-lib's resource names come from a seeded generator,
 * the dates are the sealing time, and the producer is fixed), so a re-render can be compared with
 * what was stored.
 */

export interface SealedAgreementSigner {
  name: string;
  email: string;
  signedAt: Date;
  ip: string;
  userAgent: string;
  openedAt: Date | null;
  typedName: string;
  method: 'drawn' | 'typed';
  /** `data:image/png;base64,...` when drawn. */
  signaturePng: string | null;
  consentText: string;
}

export interface SealedAgreementInput {
  companyName: string;
  title: string;
  /** The document as signers were shown it: sanitised HTML of the tags b strong i em u br p span div ul ol li a small sup sub h3 h4 (apps/server/src/html/sanitize.ts). */
  html: string;
  /** SHA-256 (hex) of `html` as UTF-8: printed on the evidence page. */
  documentSha256: string;
  /** The order's number, e.g. "F80ADF62". */
  orderReference: string;
  /** "12/1/2026 at 9:30AM EST". */
  appointment: string;
  address: string;
  /** IANA zone of the office: evidence times are written in it, with its abbreviation. */
  timeZone: string;
  sealedAt: Date;
  signers: SealedAgreementSigner[];
}

const PRODUCER = 'Online Scheduler';

// US Letter, three-quarter-inch margins.
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 54;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** The body starts below the running header, and stops above the page number. */
const BODY_TOP = PAGE_HEIGHT - MARGIN - 22;
const BODY_BOTTOM = MARGIN + 22;

const BODY_SIZE = 10.5;
const LINE_FACTOR = 1.4;
const LIST_INDENT = 18;
const SIGNATURE_BOX = { width: 200, height: 60 };

const TEXT_COLOUR = rgb(0.1, 0.1, 0.1);
const MUTED_COLOUR = rgb(0.4, 0.4, 0.4);

type Fonts = Record<FontName, PDFFont>;

// ---------------------------------------------------------------------------------------------
// The document: sanitised HTML as paragraphs of styled runs.
// ---------------------------------------------------------------------------------------------

interface Style {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  /** Relative to the paragraph's size: small, sup and sub are smaller. */
  scale: number;
  /** Baseline shift in points at the body size (sup up, sub down). */
  rise: number;
}

const PLAIN: Style = { bold: false, italic: false, underline: false, scale: 1, rise: 0 };

/** A run of text in one style; `'\n'` alone is a forced line break (br). */
interface Run {
  text: string;
  style: Style;
}

interface Block {
  runs: Run[];
  size: number;
  indent: number;
  /** A list item's bullet or number, hung left of the text. */
  marker: string | null;
  spaceBefore: number;
  spaceAfter: number;
}

const HEADING_SIZES: Record<string, number> = { h3: 13.5, h4: 12 };
const BLOCK_TAGS = new Set(['p', 'div', 'ul', 'ol', 'li', 'h3', 'h4']);

/** HTML's whitespace collapses to one space (control characters are dropped: `CONTROL`). */
const HTML_SPACE = /[ \t\n\r\f]+/g;

/** What a link's text is compared with: its address without the scheme a reader doesn't see. */
function hrefAsText(href: string): string {
  return href.replace(/^(mailto|tel):/i, '');
}

/**
 * Walks the sanitised HTML (htmlparser2 decodes the character references) into blocks, with
 * whitespace collapsed as a browser would: runs of spaces become one, and none starts a line.
 */
function htmlToBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  const styles: Style[] = [PLAIN];
  const lists: Array<{ ordered: boolean; count: number }> = [];
  const links: Array<{ href: string; textStart: number }> = [];
  let current: Block | null = null;
  /** The text of the current block so far, to compare a link's text with its address. */
  let blockText = '';
  let headingSize: number | null = null;
  let pendingMarker: string | null = null;
  let pendingSpace = 0;

  const indent = () => lists.length * LIST_INDENT;
  const flush = () => {
    if (current && current.runs.length > 0) {
      // A trailing space or break ends no line, as in a browser; a paragraph of only a break
      // (`<p><br></p>`, an editor's empty line) stays an empty line.
      const last = current.runs[current.runs.length - 1];
      if (last?.text === '\n' && current.runs.length > 1) current.runs.pop();
      else if (last && last.text !== '\n') last.text = last.text.replace(/ $/, '');
      blocks.push(current);
    }
    current = null;
    blockText = '';
  };
  const open = (): Block => {
    if (!current) {
      const size = headingSize ?? BODY_SIZE;
      current = {
        runs: [],
        size,
        indent: indent(),
        marker: pendingMarker,
        spaceBefore: Math.max(pendingSpace, headingSize ? size * 0.6 : 0),
        spaceAfter: headingSize ? 4 : 0,
      };
      pendingMarker = null;
      pendingSpace = 0;
    }
    return current;
  };
  const append = (text: string) => {
    const style = styles[styles.length - 1] ?? PLAIN;
    let clean = text.replace(CONTROL, '').replace(HTML_SPACE, ' ');
    const block = current;
    const atLineStart = !block || block.runs.length === 0 || block.runs[block.runs.length - 1]?.text === '\n';
    const lastRun = block?.runs[block.runs.length - 1];
    if ((atLineStart || lastRun?.text.endsWith(' ')) && clean.startsWith(' ')) clean = clean.slice(1);
    if (clean === '') return;
    const target = open();
    const previous = target.runs[target.runs.length - 1];
    if (previous && previous.style === style && previous.text !== '\n') previous.text += clean;
    else target.runs.push({ text: clean, style });
    blockText += clean;
  };
  const breakLine = () => {
    const block = open();
    const last = block.runs[block.runs.length - 1];
    if (last && last.text !== '\n') last.text = last.text.replace(/ $/, '');
    block.runs.push({ text: '\n', style: PLAIN });
    blockText += '\n';
  };
  const pushStyle = (change: Partial<Style>) => {
    const top = styles[styles.length - 1] ?? PLAIN;
    styles.push({ ...top, ...change, scale: top.scale * (change.scale ?? 1), rise: top.rise + (change.rise ?? 0) });
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (BLOCK_TAGS.has(name)) {
          flush();
          pendingSpace = Math.max(pendingSpace, name === 'li' || name === 'div' ? 2 : 7);
        }
        switch (name) {
          case 'b':
          case 'strong':
            pushStyle({ bold: true });
            break;
          case 'i':
          case 'em':
            pushStyle({ italic: true });
            break;
          case 'u':
            pushStyle({ underline: true });
            break;
          case 'small':
            pushStyle({ scale: 0.85 });
            break;
          case 'sup':
            pushStyle({ scale: 0.75, rise: 3.5 });
            break;
          case 'sub':
            pushStyle({ scale: 0.75, rise: -2 });
            break;
          case 'h3':
          case 'h4':
            headingSize = HEADING_SIZES[name] ?? BODY_SIZE;
            pushStyle({ bold: true });
            break;
          case 'ul':
          case 'ol':
            lists.push({ ordered: name === 'ol', count: 0 });
            break;
          case 'li': {
            const list = lists[lists.length - 1];
            if (list) {
              list.count += 1;
              // Nested bullets alternate, as browsers draw them.
              pendingMarker = list.ordered ? `${list.count}.` : lists.length % 2 === 1 ? '•' : '◦';
            } else pendingMarker = '•';
            break;
          }
          case 'a':
            links.push({ href: attributes.href ?? '', textStart: blockText.length });
            break;
          case 'br':
            breakLine();
            break;
          default:
            // span: nothing of its own; anything else was removed by the sanitiser.
            break;
        }
      },
      ontext(text) {
        append(text);
      },
      onclosetag(name) {
        switch (name) {
          case 'b':
          case 'strong':
          case 'i':
          case 'em':
          case 'u':
          case 'small':
          case 'sup':
          case 'sub':
            if (styles.length > 1) styles.pop();
            break;
          case 'h3':
          case 'h4':
            if (styles.length > 1) styles.pop();
            flush();
            headingSize = null;
            break;
          case 'ul':
          case 'ol':
            lists.pop();
            break;
          case 'a': {
            const link = links.pop();
            if (link) {
              const text = blockText.slice(link.textStart).trim();
              const href = link.href.trim();
              // The address is printed when the text doesn't already say it: paper has no links.
              if (href !== '' && text !== href && text !== hrefAsText(href)) append(` (${hrefAsText(href)})`);
            }
            break;
          }
          default:
            break;
        }
        if (BLOCK_TAGS.has(name)) {
          flush();
          pendingSpace = Math.max(pendingSpace, name === 'li' || name === 'div' ? 2 : 7);
        }
        // An empty item's bullet goes with it, not onto the next paragraph.
        if (name === 'li' || name === 'ul' || name === 'ol') pendingMarker = null;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return blocks;
}

// ---------------------------------------------------------------------------------------------
// Layout: words measured with the font they are drawn in, greedy lines, pages as they fill.
// ---------------------------------------------------------------------------------------------

interface Piece {
  text: string;
  font: PDFFont;
  size: number;
  rise: number;
  underline: boolean;
  width: number;
}

/** A word: pieces with no space between them ("<b>Ne</b>ver" is one word of two pieces). */
type Word = Piece[];

interface Line {
  /** Pieces with their x from the line's start; spaces included. */
  pieces: Array<Piece & { x: number }>;
  height: number;
}

class Writer {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;
  private readonly widthCache = new Map<PDFFont, Map<string, number>>();

  constructor(
    private readonly pdf: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = BODY_TOP;
  }

  /**
   * Starts a new page when fewer than `needed` points are left on this one (never on a page still
   * empty: something taller than a page is drawn where it is rather than pushed on forever).
   */
  ensure(needed: number): void {
    if (this.y - needed < BODY_BOTTOM && this.y < BODY_TOP) this.newPage();
  }

  /** Space between blocks; none at the top of a page, nor below the last line it can hold. */
  space(points: number): void {
    if (this.y < BODY_TOP) this.y = Math.max(this.y - points, BODY_BOTTOM);
  }

  width(font: PDFFont, size: number, text: string): number {
    // Word widths repeat a great deal in a long document; fontkit's layout of each is the cost.
    let byText = this.widthCache.get(font);
    if (!byText) {
      byText = new Map();
      this.widthCache.set(font, byText);
    }
    let unit = byText.get(text);
    if (unit === undefined) {
      unit = font.widthOfTextAtSize(text, 1000);
      byText.set(text, unit);
    }
    return (unit * size) / 1000;
  }

  fontFor(style: Style): PDFFont {
    if (style.bold && style.italic) return this.fonts.boldItalic;
    if (style.bold) return this.fonts.bold;
    if (style.italic) return this.fonts.italic;
    return this.fonts.regular;
  }

  /** Lays out runs at `size` within `width`, breaking at spaces, and within words too long for a line. */
  lines(runs: Run[], size: number, width: number, font?: PDFFont): Line[] {
    const lines: Line[] = [];
    let line: Line = { pieces: [], height: size * LINE_FACTOR };
    let x = 0;
    let word: Word = [];
    let pendingSpace: Piece | null = null;

    const endLine = () => {
      lines.push(line);
      line = { pieces: [], height: size * LINE_FACTOR };
      x = 0;
      pendingSpace = null;
    };
    const place = (piece: Piece) => {
      line.pieces.push({ ...piece, x });
      x += piece.width;
      line.height = Math.max(line.height, piece.size * LINE_FACTOR);
    };
    const placeWord = () => {
      if (word.length === 0) return;
      const wordWidth = word.reduce((sum, piece) => sum + piece.width, 0);
      const spaceWidth = pendingSpace && line.pieces.length > 0 ? pendingSpace.width : 0;
      if (line.pieces.length > 0 && x + spaceWidth + wordWidth > width) endLine();
      if (pendingSpace && line.pieces.length > 0) place(pendingSpace);
      pendingSpace = null;
      if (wordWidth <= width - x) {
        for (const piece of word) place(piece);
      } else {
        // Longer than a whole line (a URL, a run of digits): broken by characters.
        for (const piece of word) {
          for (const char of piece.text) {
            const charWidth = this.width(piece.font, piece.size, char);
            if (x + charWidth > width && line.pieces.length > 0) endLine();
            place({ ...piece, text: char, width: charWidth });
          }
        }
      }
      word = [];
    };

    for (const run of runs) {
      if (run.text === '\n') {
        placeWord();
        endLine();
        continue;
      }
      const pieceFont = font ?? this.fontFor(run.style);
      const pieceSize = size * run.style.scale;
      const rise = run.style.rise * (size / BODY_SIZE);
      for (const part of run.text.split(/( )/)) {
        if (part === '') continue;
        const piece: Piece = {
          text: part,
          font: pieceFont,
          size: pieceSize,
          rise,
          underline: run.style.underline,
          width: this.width(pieceFont, pieceSize, part),
        };
        if (part === ' ') {
          placeWord();
          pendingSpace = piece;
        } else word.push(piece);
      }
    }
    placeWord();
    if (line.pieces.length > 0 || lines.length === 0) lines.push(line);
    return lines;
  }

  /** Draws laid-out lines at `left`, a new page whenever the next line doesn't fit. */
  drawLines(lines: Line[], left: number, colour = TEXT_COLOUR, marker?: { text: string; font: PDFFont; size: number }) {
    lines.forEach((line, index) => {
      this.ensure(line.height);
      const baseline = this.y - line.height * 0.78;
      if (index === 0 && marker) {
        const markerWidth = this.width(marker.font, marker.size, marker.text);
        this.page.drawText(marker.text, {
          x: left - markerWidth - 5,
          y: baseline,
          size: marker.size,
          font: marker.font,
          color: colour,
        });
      }
      // Neighbouring pieces of one font, size and rise are drawn as one string.
      let start = 0;
      while (start < line.pieces.length) {
        const first = line.pieces[start];
        if (!first) break;
        let text = first.text;
        let end = start + 1;
        for (let next = line.pieces[end]; next; next = line.pieces[++end]) {
          if (next.font !== first.font || next.size !== first.size || next.rise !== first.rise) break;
          if (next.underline !== first.underline) break;
          text += next.text;
        }
        const x = left + first.x;
        this.page.drawText(text, { x, y: baseline + first.rise, size: first.size, font: first.font, color: colour });
        if (first.underline) {
          const width = this.width(first.font, first.size, text);
          this.page.drawLine({
            start: { x, y: baseline + first.rise - 1.2 },
            end: { x: x + width, y: baseline + first.rise - 1.2 },
            thickness: 0.5,
            color: colour,
          });
        }
        start = end;
      }
      this.y -= line.height;
    });
  }

  /** A paragraph of plain runs at the left margin plus `indent`. */
  paragraph(runs: Run[], options: { size?: number; colour?: typeof TEXT_COLOUR; font?: PDFFont } = {}): void {
    const size = options.size ?? BODY_SIZE;
    this.drawLines(this.lines(runs, size, CONTENT_WIDTH, options.font), MARGIN, options.colour);
  }

  block(block: Block): void {
    this.space(block.spaceBefore);
    const lines = this.lines(block.runs, block.size, CONTENT_WIDTH - block.indent);
    // A heading is kept with the first line after it.
    if (block.size > BODY_SIZE) this.ensure((lines[0]?.height ?? 0) + BODY_SIZE * LINE_FACTOR * 2);
    const marker = block.marker ? { text: block.marker, font: this.fonts.regular, size: block.size } : undefined;
    this.drawLines(lines, MARGIN + block.indent, TEXT_COLOUR, marker);
    this.space(block.spaceAfter);
  }

  /** Draws an image below the current line, scaled to fit the signature box, keeping its shape. */
  image(image: PDFImage): void {
    const scale = Math.min(SIGNATURE_BOX.width / image.width, SIGNATURE_BOX.height / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    this.ensure(height + 6);
    this.y -= height + 3;
    this.page.drawImage(image, { x: MARGIN, y: this.y, width, height });
    this.y -= 3;
  }

  /** A rule under a signature, as on paper. */
  rule(width: number): void {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + width, y: this.y },
      thickness: 0.5,
      color: MUTED_COLOUR,
    });
    this.y -= 4;
  }

  remaining(): number {
    return this.y - BODY_BOTTOM;
  }
}

// ---------------------------------------------------------------------------------------------
// The evidence.
// ---------------------------------------------------------------------------------------------

const dateFormatters = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

/** "December 1, 2026 at 9:30:15 AM EST": the office's wall time with its zone's abbreviation. */
function evidenceTime(instant: Date, timeZone: string): string {
  let formatters = dateFormatters.get(timeZone);
  if (!formatters) {
    formatters = {
      date: new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'long', day: 'numeric' }),
      time: new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', second: '2-digit' }),
    };
    dateFormatters.set(timeZone, formatters);
  }
  // ICU writes a narrow no-break space before AM/PM; a plain one reads (and extracts) the same.
  const time = formatters.time.format(instant).replace(/\s/g, ' ');
  return `${formatters.date.format(instant)} at ${time} ${zoneAbbreviation(timeZone, instant.getTime())}`;
}

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function embedSignature(pdf: PDFDocument, signer: SealedAgreementSigner, index: number): Promise<PDFImage> {
  const who = `signer ${index + 1} (${signer.name})`;
  const match = PNG_DATA_URL.exec(signer.signaturePng ?? '');
  if (!match?.[1]) throw new Error(`The drawn signature of ${who} is not a PNG data URL`);
  const bytes = new Uint8Array(Buffer.from(match[1], 'base64'));
  if (bytes.length < PNG_SIGNATURE.length || PNG_SIGNATURE.some((byte, i) => bytes[i] !== byte)) {
    throw new Error(`The drawn signature of ${who} is not a valid PNG image`);
  }
  try {
    return await pdf.embedPng(bytes);
  } catch (error) {
    throw new Error(`The drawn signature of ${who} is not a valid PNG image`, { cause: error });
  }
}

const plain = (text: string, style: Partial<Style> = {}): Run => ({ text, style: { ...PLAIN, ...style } });
/** Text written by people (names, user agents) is shown as it is, but on one line's worth of spaces. */

function writeEvidence(writer: Writer, input: SealedAgreementInput, signatures: Array<PDFImage | null>): void {
  writer.newPage();
  writer.paragraph([plain('Signature certificate', { bold: true })], { size: 16 });
  writer.space(4);
  writer.paragraph([
    plain(`${oneLine(input.title)}, order ${oneLine(input.orderReference)}: the inspection of `),
    plain(oneLine(input.address), { bold: true }),
    plain(` on ${oneLine(input.appointment)}.`),
  ]);
  writer.space(6);

  input.signers.forEach((signer, index) => {
    // A signer's evidence starts on a page with room for its name and signature.
    if (writer.remaining() < 200) writer.newPage();
    writer.space(10);
    writer.paragraph([plain(oneLine(signer.name) || '(no name)', { bold: true })], { size: 12.5 });
    writer.paragraph([plain(oneLine(signer.email))], { colour: MUTED_COLOUR });
    writer.space(6);
    const image = signatures[index];
    if (image) writer.image(image);
    else writer.paragraph([plain(oneLine(signer.typedName))], { size: 22, font: writer.fonts.signature });
    writer.rule(SIGNATURE_BOX.width);
    const fields: Array<[string, string]> = [
      ['Typed name: ', oneLine(signer.typedName)],
      [
        'Signature: ',
        signer.method === 'drawn' ? 'drawn by hand on screen' : 'the typed name, adopted as the signature',
      ],
      ['Signed electronically on ', evidenceTime(signer.signedAt, input.timeZone)],
      ['IP address: ', oneLine(signer.ip)],
      ['Browser: ', oneLine(signer.userAgent) || 'not recorded'],
      ['First opened: ', signer.openedAt ? evidenceTime(signer.openedAt, input.timeZone) : 'not recorded'],
    ];
    for (const [label, value] of fields) {
      writer.paragraph([plain(label, { bold: true }), plain(value)], { size: 9.5 });
    }
    writer.paragraph(
      [plain('Consented to: ', { bold: true }), plain(`“${oneLine(signer.consentText)}”`, { italic: true })],
      {
        size: 9.5,
      },
    );
  });

  if (writer.remaining() < 110) writer.newPage();
  writer.space(18);
  writer.paragraph([plain('Document SHA-256:', { bold: true })], { size: 9.5 });
  writer.paragraph([plain(input.documentSha256)], { size: 9.5 });
  writer.paragraph(
    [
      plain(
        "This is the SHA-256 of the agreement's document exactly as it was shown to the signers (its HTML, as UTF-8): the signatures above bind that document.",
      ),
    ],
    { size: 9, colour: MUTED_COLOUR },
  );
  writer.space(6);
  writer.paragraph([plain('Sealed on: ', { bold: true }), plain(evidenceTime(input.sealedAt, input.timeZone))], {
    size: 9.5,
  });
}

function drawRunningHeadAndFoot(writer: Writer, input: SealedAgreementInput): void {
  const { regular } = writer.fonts;
  const total = writer.pages.length;
  const size = 8.5;
  const order = `Order ${oneLine(input.orderReference)}`;
  const orderWidth = writer.width(regular, size, order);
  // The head is cut to its line: a long company name or title must not run into the order number.
  let head = `${oneLine(input.companyName)} · ${oneLine(input.title)}`;
  const room = CONTENT_WIDTH - orderWidth - 12;
  if (writer.width(regular, size, head) > room) {
    const chars = Array.from(head);
    while (chars.length > 0 && writer.width(regular, size, `${chars.join('')}…`) > room) chars.pop();
    head = `${chars.join('')}…`;
  }
  writer.pages.forEach((page, index) => {
    const top = PAGE_HEIGHT - MARGIN;
    page.drawText(head, { x: MARGIN, y: top, size, font: regular, color: MUTED_COLOUR });
    page.drawText(order, { x: PAGE_WIDTH - MARGIN - orderWidth, y: top, size, font: regular, color: MUTED_COLOUR });
    page.drawLine({
      start: { x: MARGIN, y: top - 5 },
      end: { x: PAGE_WIDTH - MARGIN, y: top - 5 },
      thickness: 0.5,
      color: MUTED_COLOUR,
    });
    const number = `Page ${index + 1} of ${total}`;
    const numberWidth = writer.width(regular, size, number);
    page.drawText(number, {
      x: (PAGE_WIDTH - numberWidth) / 2,
      y: MARGIN,
      size,
      font: regular,
      color: MUTED_COLOUR,
    });
  });
}

export async function renderSealedAgreement(input: SealedAgreementInput): Promise<Uint8Array> {
  // No metadata of pdf-lib's own (its producer and the time of the run): the sealing time is the date.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(oneLine(input.title));
  pdf.setSubject(`Signed agreement, order ${oneLine(input.orderReference)}`);
  pdf.setAuthor(oneLine(input.companyName));
  pdf.setProducer(PRODUCER);
  pdf.setCreator(PRODUCER);
  pdf.setCreationDate(input.sealedAt);
  pdf.setModificationDate(input.sealedAt);

  // The images first: a bad signature fails before any layout work.
  const signatures: Array<PDFImage | null> = [];
  for (const [index, signer] of input.signers.entries()) {
    signatures.push(signer.method === 'drawn' ? await embedSignature(pdf, signer, index) : null);
  }

  const fonts = await embedFonts(pdf, Object.keys(FONT_FILES) as FontName[]);
  const writer = new Writer(pdf, fonts);
  writer.paragraph([plain(oneLine(input.title), { bold: true })], { size: 16 });
  writer.paragraph([plain(`${oneLine(input.address)} · ${oneLine(input.appointment)}`)], { colour: MUTED_COLOUR });
  writer.space(8);
  for (const block of htmlToBlocks(input.html)) writer.block(block);

  writeEvidence(writer, input, signatures);
  drawRunningHeadAndFoot(writer, input);
  return pdf.save();
}
