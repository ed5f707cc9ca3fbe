import { describe, expect, it } from 'vitest';
import { fitInBox, logoDataUrlProblem, logoFileProblem, MAX_LOGO_FILE_BYTES, MAX_SVG_BYTES } from './logo-image.ts';

describe('fitInBox (400 × 160)', () => {
  it.each([
    [
      { width: 800, height: 320 },
      { width: 400, height: 160 },
    ],
    [
      { width: 2000, height: 500 },
      { width: 400, height: 100 },
    ],
    [
      { width: 500, height: 1000 },
      { width: 80, height: 160 },
    ],
    [
      { width: 1001, height: 333 },
      { width: 400, height: 133 },
    ],
    [
      { width: 400, height: 160 },
      { width: 400, height: 160 },
    ],
    [
      { width: 401, height: 100 },
      { width: 400, height: 100 },
    ],
    [
      { width: 120, height: 40 },
      { width: 120, height: 40 },
    ],
    [
      { width: 10_000, height: 1 },
      { width: 400, height: 1 },
    ],
    [
      { width: 0, height: 50 },
      { width: 1, height: 1 },
    ],
  ])('draws %j at %j', (image, fitted) => {
    expect(fitInBox(image)).toEqual(fitted);
  });

  it('fits any box, keeping the shape', () => {
    expect(fitInBox({ width: 300, height: 300 }, { width: 100, height: 200 })).toEqual({ width: 100, height: 100 });
  });
});

describe('logoFileProblem', () => {
  it('takes PNG, JPEG up to 5 MB and SVG up to 200 KB', () => {
    expect(logoFileProblem({ type: 'image/png', size: MAX_LOGO_FILE_BYTES })).toBeNull();
    expect(logoFileProblem({ type: 'image/jpeg', size: 1 })).toBeNull();
    expect(logoFileProblem({ type: 'image/svg+xml', size: MAX_SVG_BYTES })).toBeNull();
  });

  it('refuses another type, a file past 5 MB and an SVG past 200 KB', () => {
    expect(logoFileProblem({ type: 'image/gif', size: 10 })).toBe('Choose a PNG, JPEG or SVG image.');
    expect(logoFileProblem({ type: 'image/png', size: MAX_LOGO_FILE_BYTES + 1 })).toBe(
      'This image is larger than 5 MB. Choose a smaller file.',
    );
    expect(logoFileProblem({ type: 'image/svg+xml', size: MAX_SVG_BYTES + 1 })).toBe(
      'An SVG logo can be at most 200 KB. Choose a smaller file, or a PNG.',
    );
  });
});

describe('logoDataUrlProblem', () => {
  it('keeps a data URL of 700,000 characters and refuses one more', () => {
    const prefix = 'data:image/png;base64,';
    expect(logoDataUrlProblem(prefix + 'A'.repeat(700_000 - prefix.length))).toBeNull();
    expect(logoDataUrlProblem(prefix + 'A'.repeat(700_001 - prefix.length))).toMatch(/too large to keep/);
  });
});
