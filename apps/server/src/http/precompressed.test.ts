import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CompressibleText, compressionEffort, LARGE_BODY_BYTES, preferredEncoding } from './precompressed.ts';

describe('preferredEncoding', () => {
  it('takes brotli, then gzip, as browsers offer them', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
  });

  it('follows quality values, refusals and the wildcard', () => {
    expect(preferredEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('br;q=0, *')).toBe('gzip');
    expect(preferredEncoding('*;q=0.1')).toBe('br');
    expect(preferredEncoding('gzip;q=0, br;q=0')).toBeNull();
    expect(preferredEncoding('BR ; Q=1')).toBe('br');
  });
});

describe('CompressibleText', () => {
  it('compresses once per encoding and decompresses to the same text', async () => {
    const text = JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: i, start: '9:00 AM' })));
    const body = new CompressibleText(text);
    const br = await body.encoded('br');
    expect(body.encoded('br')).toBe(body.encoded('br'));
    expect(brotliDecompressSync(br).toString()).toBe(text);
    expect(gunzipSync(await body.encoded('gzip')).toString()).toBe(text);
    expect(br.length).toBeLessThan(text.length / 5);
  });
});

describe('compressionEffort', () => {
  it('keeps the middle quality below the large-body bound and lowers it from the bound on', () => {
    expect(compressionEffort(LARGE_BODY_BYTES - 1)).toEqual({ brotliQuality: 5, gzipLevel: 6 });
    expect(compressionEffort(LARGE_BODY_BYTES)).toEqual({ brotliQuality: 2, gzipLevel: 3 });
  });

  it('still round-trips a large body', async () => {
    const text = JSON.stringify(
      Array.from({ length: 3_000 }, (_, i) => ({ id: `2026-12-01 08:00:00~${i}`, start: '8:00 AM', users: [i] })),
    );
    expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(LARGE_BODY_BYTES / 2);
    const large = text + ' '.repeat(LARGE_BODY_BYTES);
    const body = new CompressibleText(large);
    expect(brotliDecompressSync(await body.encoded('br')).toString()).toBe(large);
    expect(gunzipSync(await body.encoded('gzip')).toString()).toBe(large);
  });
});
