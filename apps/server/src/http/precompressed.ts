/**
 * Bodies that are sent many times, compressed once per encoding. Compressing an availability
 * answer of most of a megabyte with brotli costs more than finding it; an answer served from
 * the cache should not pay that again on every request.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type ContentEncoding = 'br' | 'gzip';

/** Smaller bodies go as they are: compression would not pay for itself. */
const MIN_COMPRESSED_BYTES = 1024;
const ENCODINGS: readonly ContentEncoding[] = ['br', 'gzip'];

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/**
 * Past this size brotli's quality 5 costs more than it saves: a 6 MB availability answer (200
 * inspectors shown by name, 42 days) took 41 ms at quality 5 for 113 KB and 17 ms at quality 2 for
 * 116 KB (issue 48); gzip's level 6 took 36 ms for 197 KB, level 3 13 ms for 238 KB.
 */
export const LARGE_BODY_BYTES = 256 * 1024;

/** The brotli quality and gzip level for a body of `bytes` (see LARGE_BODY_BYTES). */
export function compressionEffort(bytes: number): { brotliQuality: number; gzipLevel: number } {
  // The same middle quality the rest of the server uses: most of the gain at a fraction of the cost.
  return bytes < LARGE_BODY_BYTES ? { brotliQuality: 5, gzipLevel: 6 } : { brotliQuality: 2, gzipLevel: 3 };
}

const compressors: Record<ContentEncoding, (text: string) => Promise<Buffer>> = {
  br: (text) => {
    const bytes = Buffer.byteLength(text);
    return brotliAsync(text, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: compressionEffort(bytes).brotliQuality,
        [zlib.BROTLI_PARAM_SIZE_HINT]: bytes,
      },
    });
  },
  gzip: (text) => gzipAsync(text, { level: compressionEffort(Buffer.byteLength(text)).gzipLevel }),
};

/**
 * The best encoding an Accept-Encoding header allows: the highest quality value, brotli before
 * gzip when equal; `*` stands for any encoding not named; `q=0` refuses one.
 */
export function preferredEncoding(header: string | undefined): ContentEncoding | null {
  if (!header) return null;
  const quality = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.toLowerCase().split(';');
    const name = rawName?.trim();
    if (!name) continue;
    const q = params.map((p) => p.replace(/\s/g, '')).find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    quality.set(name, Number.isFinite(value) ? value : 0);
  }
  let best: ContentEncoding | null = null;
  let bestQuality = 0;
  for (const encoding of ENCODINGS) {
    const q = quality.get(encoding) ?? quality.get('*') ?? 0;
    if (q > bestQuality) {
      best = encoding;
      bestQuality = q;
    }
  }
  return best;
}

/** A text body with its compressed forms, each made once, on first demand. */
export class CompressibleText {
  private readonly variants = new Map<ContentEncoding, Promise<Buffer>>();

  constructor(readonly text: string) {}

  encoded(encoding: ContentEncoding): Promise<Buffer> {
    let variant = this.variants.get(encoding);
    if (!variant) {
      variant = compressors[encoding](this.text);
      // A failed compression is not remembered: the next request tries again.
      variant.catch(() => this.variants.delete(encoding));
      this.variants.set(encoding, variant);
    }
    return variant;
  }
}

/** Sends the body in the encoding the client prefers, from its compressed forms. */
export async function sendCompressible(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CompressibleText,
  contentType: string,
): Promise<FastifyReply> {
  reply.type(contentType).header('vary', 'accept-encoding');
  const encoding =
    body.text.length >= MIN_COMPRESSED_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(body.text);
  // A Content-Encoding already set tells the compression plugin to leave the body alone.
  return reply.header('content-encoding', encoding).send(await body.encoded(encoding));
}
