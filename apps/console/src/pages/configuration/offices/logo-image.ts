import { MAX_LOGO_CHARS } from './offices-form.ts';

/**
 * An office's logo from a chosen file. A photo-sized PNG or JPEG would not fit the document (a data
 * URL of at most 700,000 characters) and would be sent to every visitor: it is scaled down in the
 * browser to fit the box the wizard and the e-mails show a logo in, and kept as a PNG. An SVG is
 * already small and sharp at any size: it is sent as it is, and the server keeps only its drawing
 * (no script, form, foreign content or outside reference) and serves it sandboxed (issue 39).
 */

/** The box a logo is shown in: wider than tall, like most company marks. */
export const LOGO_BOX = { width: 400, height: 160 } as const;
export const MAX_LOGO_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_SVG_BYTES = 200 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;

export interface Size {
  width: number;
  height: number;
}

/** The size an image is drawn at to fit the box whole, keeping its shape; never enlarged, never less than a pixel. */
export function fitInBox(image: Size, box: Size = LOGO_BOX): Size {
  if (image.width <= 0 || image.height <= 0) return { width: 1, height: 1 };
  const scale = Math.min(1, box.width / image.width, box.height / image.height);
  return { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) };
}

/** What is wrong with the chosen file before it is read, or null. */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or SVG image.';
  if (file.size > MAX_LOGO_FILE_BYTES) return 'This image is larger than 5 MB. Choose a smaller file.';
  if (file.type === 'image/svg+xml' && file.size > MAX_SVG_BYTES)
    return 'An SVG logo can be at most 200 KB. Choose a smaller file, or a PNG.';
  return null;
}

/** The logo as the document keeps it, or why it cannot be kept. */
export function logoDataUrlProblem(dataUrl: string): string | null {
  return dataUrl.length > MAX_LOGO_CHARS
    ? 'Even made smaller, this logo is too large to keep (at most 700,000 characters). Choose a simpler image.'
    : null;
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  // In slices: one call with every byte as an argument overflows the stack for a large file.
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

async function rasterLogo(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    const size = fitInBox(bitmap);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return canvas.toDataURL('image/png');
  } finally {
    bitmap.close();
  }
}

export type LogoResult = { ok: true; dataUrl: string } | { ok: false; message: string };

/** The chosen file as the office's logo: a data URL the server serves as it is (base64, as its logo route reads it). */
export async function logoFromFile(file: File): Promise<LogoResult> {
  const problem = logoFileProblem(file);
  if (problem) return { ok: false, message: problem };
  let dataUrl: string;
  try {
    dataUrl =
      file.type === 'image/svg+xml'
        ? `data:image/svg+xml;base64,${base64Of(new Uint8Array(await file.arrayBuffer()))}`
        : await rasterLogo(file);
  } catch {
    return { ok: false, message: 'This image could not be read. Choose another PNG, JPEG or SVG file.' };
  }
  const tooLarge = logoDataUrlProblem(dataUrl);
  return tooLarge ? { ok: false, message: tooLarge } : { ok: true, dataUrl };
}
