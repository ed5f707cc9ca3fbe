import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ESIGN_CONSENT_TEXT } from '@scheduler/contracts/agreements';
import { extract, type ExtractedPage } from '../../pdf/pdf-text-test-support.ts';
import { renderSealedAgreement, type SealedAgreementInput, type SealedAgreementSigner } from './agreement-pdf.ts';

/** A real PNG, made here: an 8-bit greyscale image of `width` × `height`, a dark diagonal stroke. */
function png(width: number, height: number): string {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(width + 1, 255);
    row[0] = 0; // no filter
    row[1 + Math.floor((y * width) / height)] = 0;
    rows.push(row);
  }
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

const HTML =
  '<h3>Pre-inspection agreement</h3>' +
  '<p>Inspección de la propiedad, señor Núñez, at <b>12 Calle Mayor</b> on 12/1/2026 at 9:30AM EST.</p>' +
  '<p>¿Preguntas? ¡Llámenos! Fee: €450 – paid “on site” — the client’s choice • ü</p>';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const ANA: SealedAgreementSigner = {
  name: 'Ana Núñez',
  email: 'ana@example.com',
  // 9:30:15 AM in New York (EST) on December 1.
  signedAt: new Date('2026-12-01T14:30:15Z'),
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  openedAt: new Date('2026-12-01T14:25:00Z'),
  typedName: 'Ana Núñez',
  method: 'drawn',
  signaturePng: png(300, 90),
  consentText: ESIGN_CONSENT_TEXT,
};

const BEN: SealedAgreementSigner = {
  name: 'Ben Ortiz',
  email: 'ben.ortiz@example.org',
  signedAt: new Date('2026-12-01T15:02:00Z'),
  ip: '2001:db8::1',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
  openedAt: null,
  typedName: 'Benjamín Ortiz',
  method: 'typed',
  signaturePng: null,
  consentText: ESIGN_CONSENT_TEXT,
};

function input(overrides: Partial<SealedAgreementInput> = {}): SealedAgreementInput {
  const html = overrides.html ?? HTML;
  return {
    companyName: 'Acme Home Inspections',
    title: 'Pre-inspection agreement',
    html,
    documentSha256: sha256(html),
    orderReference: 'F80ADF62',
    appointment: '12/1/2026 at 9:30AM EST',
    address: '12 Calle Mayor, Springfield, IL 62701',
    timeZone: 'America/New_York',
    sealedAt: new Date('2026-12-01T15:03:00Z'),
    signers: [ANA],
    ...overrides,
  };
}

/** The pages from the one headed "Signature certificate" on. */
function evidence(pages: ExtractedPage[]): string {
  const start = pages.findIndex((page) => page.lines.includes('Signature certificate'));
  expect(start).toBeGreaterThan(0);
  return pages
    .slice(start)
    .map((page) => page.text)
    .join('\n');
}

describe('renderSealedAgreement', () => {
  it('writes the filled document with Spanish text as the signers read it', async () => {
    const { pages } = await extract(await renderSealedAgreement(input()));
    const document = pages[0]?.text ?? '';
    expect(document).toContain(
      'Inspección de la propiedad, señor Núñez, at 12 Calle Mayor on 12/1/2026 at 9:30AM EST.',
    );
    expect(document).toContain('¿Preguntas? ¡Llámenos! Fee: €450 – paid “on site” — the client’s choice • ü');
    expect(document).toContain('12 Calle Mayor, Springfield, IL 62701 · 12/1/2026 at 9:30AM EST');
    // The document is not on the evidence page, nor the evidence on the document's.
    expect(document).not.toContain('Signature certificate');
    expect(evidence(pages)).not.toContain('Inspección de la propiedad');
  });

  it("writes each signer's evidence, times in the office's zone, and the document's SHA-256", async () => {
    const bytes = await renderSealedAgreement(input({ signers: [ANA, BEN] }));
    const { pages } = await extract(bytes);
    const text = evidence(pages);
    for (const signer of [ANA, BEN]) {
      expect(text).toContain(signer.name);
      expect(text).toContain(signer.email);
      expect(text).toContain(`IP address: ${signer.ip}`);
    }
    expect(text).toContain('Signed electronically on December 1, 2026 at 9:30:15 AM EST');
    expect(text).toContain('Signed electronically on December 1, 2026 at 10:02:00 AM EST');
    expect(text).toContain('First opened: December 1, 2026 at 9:25:00 AM EST');
    expect(text).toContain('First opened: not recorded');
    expect(text).toContain('Typed name: Benjamín Ortiz');
    expect(text).toContain('Sealed on: December 1, 2026 at 10:03:00 AM EST');
    expect(text).toContain(`Document SHA-256:\n${sha256(HTML)}`);
    expect(text).toMatch(/SHA-256 of the agreement's document exactly as it was shown to the signers/);
    // The browser and the consent are wrapped, not cut: every word of them is there, in order.
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(`Browser: ${ANA.userAgent}`);
    expect(flat).toContain(`“${ESIGN_CONSENT_TEXT}”`);
    // Ana's evidence comes before Ben's, as they were given.
    expect(text.indexOf(ANA.email)).toBeLessThan(text.indexOf(BEN.email));
  });

  it('carries the evidence of many signers over pages, none of it in the margins', async () => {
    const signers = Array.from({ length: 7 }, (_, index) => ({
      ...(index % 2 === 0 ? ANA : BEN),
      name: `Signer ${index + 1}`,
      email: `signer${index + 1}@example.com`,
    }));
    const { pages } = await extract(await renderSealedAgreement(input({ signers })));
    expect(pages.length).toBeGreaterThanOrEqual(4);
    const text = evidence(pages);
    for (const signer of signers) expect(text).toContain(signer.email);
    expect(text).toContain(sha256(HTML));
    for (const page of pages) {
      for (const item of page.items) {
        expect(item.transform[5]).toBeGreaterThanOrEqual(54);
        expect(item.transform[5]).toBeLessThanOrEqual(792 - 54);
      }
    }
  });

  it("writes summer times with the daylight zone's abbreviation", async () => {
    const { pages } = await extract(
      await renderSealedAgreement(
        input({
          timeZone: 'America/Los_Angeles',
          sealedAt: new Date('2026-07-04T19:00:00Z'),
          signers: [{ ...BEN, signedAt: new Date('2026-07-04T18:45:00Z') }],
        }),
      ),
    );
    const text = evidence(pages);
    expect(text).toContain('Signed electronically on July 4, 2026 at 11:45:00 AM PDT');
    expect(text).toContain('Sealed on: July 4, 2026 at 12:00:00 PM PDT');
  });

  it('draws a drawn signature as an image, and a typed one as text', async () => {
    const { pages } = await extract(await renderSealedAgreement(input({ signers: [ANA, BEN] })));
    expect(pages.reduce((sum, page) => sum + page.images, 0)).toBe(1);
    const typed = await extract(await renderSealedAgreement(input({ signers: [BEN] })));
    expect(typed.pages.reduce((sum, page) => sum + page.images, 0)).toBe(0);
    // The typed signature is the typed name on a line of its own, above "Typed name: ...".
    expect(evidence(typed.pages).split('\n')).toContain('Benjamín Ortiz');
  });

  it('heads every page and numbers it "Page n of m"', async () => {
    const { pages } = await extract(await renderSealedAgreement(input({ signers: [ANA, BEN] })));
    expect(pages.length).toBe(2);
    pages.forEach((page, index) => {
      expect(page.text).toContain('Acme Home Inspections · Pre-inspection agreement');
      expect(page.text).toContain('Order F80ADF62');
      expect(page.lines).toContain(`Page ${index + 1} of 2`);
    });
  });

  it('gives the same bytes for the same input, with the sealing time and fixed producer as metadata', async () => {
    const first = await renderSealedAgreement(input({ signers: [ANA, BEN] }));
    const second = await renderSealedAgreement(input({ signers: [ANA, BEN] }));
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    const later = await renderSealedAgreement(
      input({ signers: [ANA, BEN], sealedAt: new Date('2026-12-01T15:04:00Z') }),
    );
    expect(Buffer.from(later).equals(Buffer.from(first))).toBe(false);

    const { info } = await extract(first);
    expect(info.Producer).toBe('Online Scheduler');
    expect(info.Creator).toBe('Online Scheduler');
    expect(info.Title).toBe('Pre-inspection agreement');
    expect(info.Subject).toBe('Signed agreement, order F80ADF62');
    expect(info.CreationDate).toBe('D:20261201150300Z');
    expect(info.ModDate).toBe('D:20261201150300Z');
  });

  it('embeds only the glyphs it uses', async () => {
    // Five whole DejaVu faces are over 2 MB; subsets of a page of text are a few tens of KB.
    const bytes = await renderSealedAgreement(input({ signers: [ANA, BEN] }));
    expect(bytes.length).toBeLessThan(150_000);
  });

  it('lays out headings, lists, links, character references and whitespace as HTML does', async () => {
    const html =
      '<h4>Scope</h4><p>First   line\n of text&nbsp;here</p>' +
      '<ol><li>Roof</li><li>Walls<ul><li>Inside</li><li>Outside</li></ul></li><li>Floors</li></ol>' +
      '<ul><li>Radon</li></ul>' +
      '<div>Tom &amp; Jerry&#39;s fee: &#x20AC;10 <i>only</i><br>Next line</div>' +
      '<p>Read <a href="https://example.com/terms">our terms</a> or <a href="https://example.com">https://example.com</a>' +
      ' or <a href="mailto:office@example.com">office@example.com</a>.</p>' +
      '<p>H<sub>2</sub>O and 10<sup>3</sup> in <small>small print</small></p>';
    const { pages } = await extract(await renderSealedAgreement(input({ html })));
    const lines = pages[0]?.lines ?? [];
    const body = lines.slice(lines.indexOf('Scope'));
    expect(body.slice(0, 11)).toEqual([
      'Scope',
      // pdf.js reads the no-break space as a space.
      'First line of text here',
      '1. Roof',
      '2. Walls',
      // A nested list's bullets are hollow, as browsers draw them.
      '◦ Inside',
      '◦ Outside',
      '3. Floors',
      '• Radon',
      "Tom & Jerry's fee: €10 only",
      'Next line',
      'Read our terms (https://example.com/terms) or https://example.com or office@example.com.',
    ]);
    // A superscript sits on a baseline of its own, which the line grouping above reads as a line.
    expect(pages[0]?.text.replace(/\s+/g, '')).toContain('H2Oand103insmallprint');
  });

  it("keeps an editor's empty paragraph as an empty line, and drops an empty item's bullet", async () => {
    const html = '<p>Above</p><p><br></p><p>Below<br></p><ul><li></li></ul><p>After</p>';
    const { pages } = await extract(await renderSealedAgreement(input({ html })));
    const y = (text: string) => pages[0]?.items.find((item) => item.str === text)?.transform[5] as number;
    const lines = pages[0]?.lines ?? [];
    expect(lines.slice(lines.indexOf('Above'), lines.indexOf('Above') + 3)).toEqual(['Above', 'Below', 'After']);
    // One empty line (and the paragraphs' spacing) between Above and Below; none after Below's trailing break.
    const gapWithEmptyLine = y('Above') - y('Below');
    const gapWithout = y('Below') - y('After');
    expect(gapWithEmptyLine - gapWithout).toBeGreaterThan(10);
  });

  it('writes characters the font lacks as missing glyphs, without failing the seal', async () => {
    const html = '<p>Señor 😀 中文 \ud800 Núñez</p>';
    const { pages } = await extract(await renderSealedAgreement(input({ html })));
    expect(pages[0]?.text).toContain('Señor');
    expect(pages[0]?.text).toContain('Núñez');
  });

  it('indents nested lists further than their parents', async () => {
    const html = '<ul><li>Outer<ul><li>Inner</li></ul></li></ul><p>Body</p>';
    const { pages } = await extract(await renderSealedAgreement(input({ html })));
    // pdf.js reads a bullet and its item's text as one string, starting at the bullet.
    const x = (text: string) => pages[0]?.items.find((item) => item.str === text)?.transform[4] as number;
    expect(x('Body')).toBe(54);
    expect(x('• Outer')).toBeGreaterThan(54);
    expect(x('◦ Inner') - x('• Outer')).toBeCloseTo(18, 3);
  });

  it('breaks a word longer than a line by characters, within the margins', async () => {
    const word = 'x'.repeat(400);
    const { pages } = await extract(await renderSealedAgreement(input({ html: `<p>before ${word} after</p>` })));
    const page = pages[0];
    const text = page?.text ?? '';
    expect(text.replace(/\n/g, '')).toContain(`before${word} after`);
    expect(text.split('\n').filter((line) => /^x+$/.test(line)).length).toBeGreaterThanOrEqual(2);
    for (const item of page?.items ?? []) expect(item.transform[4] + item.width).toBeLessThanOrEqual(612 - 54 + 0.5);
  });

  it('renders a document of 100,000 characters over many pages, every word of it', async () => {
    const paragraph = (n: number) =>
      `<p>Clause ${n}: the inspector looks at the roof, the walls and the floors of the property, señor Núñez.</p>`;
    let html = '';
    for (let n = 1; html.length + paragraph(n).length <= 100_000; n += 1) html += paragraph(n);
    expect(html.length).toBeGreaterThan(99_800);
    const last = html.match(/Clause (\d+):/g)?.pop();
    const { pages } = await extract(await renderSealedAgreement(input({ html })));
    expect(pages.length).toBeGreaterThan(20);
    pages.forEach((page, index) => expect(page.lines).toContain(`Page ${index + 1} of ${pages.length}`));
    const all = pages.map((page) => page.text).join('\n');
    expect(all).toContain('Clause 1: the inspector');
    expect(all).toContain(`${last} the inspector`);
    // Every clause, none lost at a page break.
    expect(all.match(/Clause \d+:/g)?.length).toBe(html.match(/Clause \d+:/g)?.length);
    // Nothing is written in the margins: every line of text is between the header and the page number.
    for (const page of pages) {
      for (const item of page.items) {
        expect(item.transform[5]).toBeGreaterThanOrEqual(54);
        expect(item.transform[5]).toBeLessThanOrEqual(792 - 54);
      }
    }
  });

  it('refuses a drawn signature that is not a valid PNG, naming the signer', async () => {
    const notPng = `data:image/png;base64,${Buffer.from('GIF89a not a png at all').toString('base64')}`;
    await expect(renderSealedAgreement(input({ signers: [BEN, { ...ANA, signaturePng: notPng }] }))).rejects.toThrow(
      'The drawn signature of signer 2 (Ana Núñez) is not a valid PNG image',
    );
    // A PNG's signature with a broken body.
    const broken = png(40, 20).slice(0, 60);
    await expect(renderSealedAgreement(input({ signers: [{ ...ANA, signaturePng: broken }] }))).rejects.toThrow(
      'The drawn signature of signer 1 (Ana Núñez) is not a valid PNG image',
    );
    await expect(renderSealedAgreement(input({ signers: [{ ...ANA, signaturePng: null }] }))).rejects.toThrow(
      'The drawn signature of signer 1 (Ana Núñez) is not a PNG data URL',
    );
  });
});
