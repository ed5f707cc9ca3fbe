/**
 * The dimensions of a PNG from its header (the signature, IHDR first, as the PNG specification
 * requires), or null for bytes that are not a PNG. A drawn signature is bounded by these and by
 * the data URL's length (contracts/agreements.ts), so a signer cannot store a poster.
 */
export const SIGNATURE_MAX_WIDTH = 4000;
export const SIGNATURE_MAX_HEIGHT = 2000;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function pngSizeOf(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24 || PNG_SIGNATURE.some((byte, index) => bytes[index] !== byte)) return null;
  // Bytes 12–15 name the first chunk; it must be IHDR, whose data starts with width and height.
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 ? { width, height } : null;
}
