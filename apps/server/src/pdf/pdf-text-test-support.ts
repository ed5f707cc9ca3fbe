import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';

export interface ExtractedPage {
  /** The page's text, one line (items at one baseline) a line. */
  lines: string[];
  text: string;
  items: TextItem[];
  images: number;
}

/** Reads the PDF with pdf.js, as a viewer would: each page's text by lines, and its images. */
export async function extract(bytes: Uint8Array): Promise<{ pages: ExtractedPage[]; info: Record<string, unknown> }> {
  // pdf.js takes the buffer over: it reads a copy.
  const document = await getDocument({ data: bytes.slice(), isEvalSupported: false }).promise;
  const pages: ExtractedPage[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const items = content.items.filter((item): item is TextItem => 'str' in item);
    const lines: string[] = [];
    let lastY: number | null = null;
    for (const item of items) {
      const y = item.transform[5] as number;
      if (lastY === null || Math.abs(y - lastY) > 2) lines.push(item.str);
      else lines[lines.length - 1] += item.str;
      lastY = y;
    }
    const operators = await page.getOperatorList();
    const images = operators.fnArray.filter((op) => op === OPS.paintImageXObject).length;
    pages.push({ lines, text: lines.join('\n'), items, images });
  }
  const metadata = await document.getMetadata();
  await document.destroy();
  return { pages, info: metadata.info as Record<string, unknown> };
}
