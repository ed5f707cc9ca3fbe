import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

// ---------------------------------------------------------------------------------------------
// Fonts of the server's PDFs (the sealed agreement, decision 0080; the receipt, decision 0082):
// DejaVu (Bitstream Vera licence), from the dejavu-fonts-ttf package. The PDF standard 14 fonts
// speak only WinAnsi, which has no room for every character a company may write.
// ---------------------------------------------------------------------------------------------

export const FONT_FILES = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
  /** A typed signature: a serif italic reads as a hand more than the sans does. */
  signature: 'DejaVuSerif-Italic.ttf',
} as const;
export type FontName = keyof typeof FONT_FILES;

/** Read once per process, each when first asked for: they are a few hundred KB each and never change. */
const fontBytes = new Map<FontName, Uint8Array>();
function loadFontBytes(name: FontName): Uint8Array {
  let bytes = fontBytes.get(name);
  if (!bytes) {
    const require = createRequire(import.meta.url);
    bytes = new Uint8Array(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${FONT_FILES[name]}`)));
    fontBytes.set(name, bytes);
  }
  return bytes;
}

/** Embeds the fonts `names` in `pdf`, subset: only the glyphs used are embedded (a page of text is tens of KB, not 3 MB of fonts). */
export async function embedFonts<Name extends FontName>(
  pdf: PDFDocument,
  names: readonly Name[],
): Promise<Record<Name, PDFFont>> {
  pdf.registerFontkit(fontkit);
  const fonts = {} as Record<Name, PDFFont>;
  for (const name of names) fonts[name] = await pdf.embedFont(loadFontBytes(name), { subset: true });
  return fonts;
}

/** Control characters would show as missing glyphs: a PDF's text drops them. */
// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/g;

/** A value drawn as one line of words: control characters dropped, line breaks and runs of space one space. */
export const oneLine = (text: string) => text.replace(CONTROL, '').replace(/\s+/g, ' ').trim();
