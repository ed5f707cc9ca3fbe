import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio } from '../contrast.ts';
import { brandColours, DARKEST_TEXT_SURFACE } from './brand-colours.ts';

describe("the wizard's colours from a company's own", () => {
  it('takes a dark colour as it is for everything, with white text on it', () => {
    expect(brandColours('#0a5c36')).toMatchObject({
      fill: '#0a5c36',
      onFill: '#ffffff',
      text: '#0a5c36',
      onText: '#ffffff',
    });
  });

  it('fills with a light colour as it is, black on it, and writes in its nearest shade that reads at AA on every light surface', () => {
    const colours = brandColours('#ffd000');
    expect(colours).toMatchObject({ fill: '#ffd000', onFill: '#000000', onText: '#ffffff' });
    expect(colours.text).not.toBe('#ffd000');
    for (const surface of [DARKEST_TEXT_SURFACE, '#e8f1f8', '#f3f6f9', '#ffffff'])
      expect(contrastRatio(colours.text, surface), surface).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(colours.onText, colours.text)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('keeps a colour that just reads on the darkest surface, and darkens one just short of it', () => {
    // On #d3e4f2, #646464 is 4.55:1 and #656565 4.48:1.
    const passing = '#646464';
    expect(contrastRatio(passing, DARKEST_TEXT_SURFACE)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(brandColours(passing).text).toBe(passing);
    const short = '#656565';
    expect(contrastRatio(short, DARKEST_TEXT_SURFACE)).toBeLessThan(AA_TEXT);
    expect(brandColours(short).text).toBe('#646464');
  });

  it('hovers further from the text than the fill is', () => {
    for (const colour of ['#ffd000', '#0a5c36', '#777777']) {
      const { fill, onFill, fillHover } = brandColours(colour);
      expect(contrastRatio(fillHover, onFill), colour).toBeGreaterThan(contrastRatio(fill, onFill));
    }
  });
});
