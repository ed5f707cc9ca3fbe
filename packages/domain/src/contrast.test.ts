import { describe, expect, it } from 'vitest';
import { AA_TEXT, awayFrom, contrastRatio, relativeLuminance, shadeReadableOn, textOn } from './contrast.ts';

describe('contrast', () => {
  it('measures as WCAG 2 does: 21 for black on white, 1 for a colour on itself, either way round', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#1f4e79', '#1f4e79')).toBe(1);
    // WebAIM's checker: #767676 on white is 4.54, the lightest grey that passes AA; #777777 is 4.48.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
    // The low end of the sRGB curve is linear (0.03928 and below).
    expect(relativeLuminance('#0a0a0a')).toBeCloseTo(10 / 255 / 12.92, 10);
  });

  it('puts white text on a dark colour and black on a light one, whichever contrasts more', () => {
    expect(textOn('#1f4e79')).toBe('#ffffff');
    expect(textOn('#ffd000')).toBe('#000000');
    // A mid grey: #767676 is 4.54 with white and 4.63 with black, so black.
    expect(textOn('#767676')).toBe('#000000');
    expect(textOn('#757575')).toBe('#ffffff');
    for (const colour of ['#ff0000', '#00ff00', '#0000ff', '#808080', '#ff6600', '#777777'])
      expect(contrastRatio(textOn(colour), colour), colour).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('keeps a colour that reads on the surface, and darkens one that does not just enough, keeping its hue', () => {
    expect(shadeReadableOn('#1f4e79', '#ffffff')).toBe('#1f4e79');
    expect(shadeReadableOn('#767676', '#ffffff')).toBe('#767676');
    const orange = shadeReadableOn('#ff6600', '#ffffff');
    expect(contrastRatio(orange, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    // One percent lighter would not do.
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(orange.slice(at, at + 2), 16));
    expect(r! / 255).toBeGreaterThan(0.7);
    expect(g! / r!).toBeCloseTo(0x66 / 0xff, 1);
    expect(b).toBe(0);
    // White on white: the first 1% step that passes (#767676, a little lighter, would too).
    expect(shadeReadableOn('#ffffff', '#ffffff')).toBe('#757575');
    expect(shadeReadableOn('#ffff00', '#ffffff', 21)).toBe('#000000');
  });

  it('moves a hover shade away from its text, so that the text reads better on it', () => {
    expect(awayFrom('#ffd000', '#000000', 0.5)).toBe('#ffe880');
    expect(awayFrom('#1f4e79', '#ffffff', 0.5)).toBe('#10273d');
    expect(awayFrom('#1f4e79', '#ffffff', 0)).toBe('#1f4e79');
    expect(contrastRatio(awayFrom('#767676', '#000000', 0.15), '#000000')).toBeGreaterThan(
      contrastRatio('#767676', '#000000'),
    );
  });
});
