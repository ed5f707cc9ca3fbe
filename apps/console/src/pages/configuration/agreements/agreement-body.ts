/**
 * The agreement body is HTML typed in a plain text area (no rich-text editor library: the body is
 * sanitised by the server, and the preview shows it as signers read it). These are the edits its
 * toolbar and placeholder list make to the text, at the selection, each returning the new text
 * and where the selection is afterwards.
 */

export interface BodyEdit {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

/** `inserted` in place of the selection; the caret after it. */
export function insertAt(text: string, start: number, end: number, inserted: string): BodyEdit {
  const caret = start + inserted.length;
  return { text: text.slice(0, start) + inserted + text.slice(end), selectionStart: caret, selectionEnd: caret };
}

/** The toolbar's formats: each wraps the selection (or a word to replace, when nothing is selected). */
export const BODY_FORMATS = [
  { key: 'bold', label: 'Bold', before: '<b>', after: '</b>', empty: 'bold text' },
  { key: 'italic', label: 'Italic', before: '<i>', after: '</i>', empty: 'italic text' },
  { key: 'heading', label: 'Heading', before: '<h3>', after: '</h3>', empty: 'Heading' },
  { key: 'bullets', label: 'Bulleted list', before: '<ul>\n  <li>', after: '</li>\n</ul>', empty: 'First point' },
  { key: 'numbers', label: 'Numbered list', before: '<ol>\n  <li>', after: '</li>\n</ol>', empty: 'First step' },
] as const;
export type BodyFormat = (typeof BODY_FORMATS)[number];

/**
 * The selection wrapped in the format's tags, still selected, so a second format wraps it again.
 * A list's selected lines become one item each.
 */
export function wrapSelection(text: string, start: number, end: number, format: BodyFormat): BodyEdit {
  const selected = text.slice(start, end) || format.empty;
  const inner =
    format.key === 'bullets' || format.key === 'numbers'
      ? selected
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '')
          .join('</li>\n  <li>')
      : selected;
  const edited = insertAt(text, start, end, `${format.before}${inner}${format.after}`);
  return {
    text: edited.text,
    selectionStart: start + format.before.length,
    selectionEnd: start + format.before.length + inner.length,
  };
}

/** A company name (sanitised HTML) as the plain text a list shows. */
export function htmlText(html: string): string {
  // A document made by DOMParser runs no script and loads nothing.
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim();
}
