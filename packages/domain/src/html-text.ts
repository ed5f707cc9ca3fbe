/**
 * Company-authored names and descriptions are sanitised HTML (they render as HTML in the wizard).
 * Where they are read as plain text (e-mails, calendar invitations, CSV) the tags go and the
 * character references are decoded: "Pool &amp; Spa <b>Inspection</b>" reads "Pool & Spa Inspection".
 */
const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

// Elements after which the text continues on a new line.
const LINE_BREAKS = /<\s*(br|\/p|\/div|\/li|\/h3|\/h4)\b[^>]*>/gi;

function decodeReference(whole: string, body: string): string {
  if (body.startsWith('#')) {
    const code =
      body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
    // A reference to nothing printable (NUL, a surrogate, beyond Unicode) stays as written.
    const printable = Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return printable ? String.fromCodePoint(code) : whole;
  }
  return NAMED_REFERENCES[body.toLowerCase()] ?? whole;
}

export function htmlToPlainText(html: string): string {
  return html
    .replace(LINE_BREAKS, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g, decodeReference)
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}
