/**
 * WCAG 2 contrast for `#rrggbb` colours: what a company's own colour may be used for without a
 * visitor losing the text on it (decision 0060). Pure arithmetic; no colour library.
 */

/** WCAG 2's minimum for body text (level AA). */
export const AA_TEXT = 4.5;

const channelsOf = (hex: string): [number, number, number] =>
  [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];

/** WCAG 2's relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channelsOf(hex).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Black or white, whichever reads better on the colour: one of them always reaches AA. */
export function textOn(hex: string): '#000000' | '#ffffff' {
  return contrastRatio(hex, '#ffffff') >= contrastRatio(hex, '#000000') ? '#ffffff' : '#000000';
}

const hexOf = (channels: readonly number[]) =>
  `#${channels.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;

/**
 * The colour itself when text in it reaches `ratio` on `surface`, else the lightest darker shade of
 * it (its channels scaled down together, which keeps its hue) that does. Black always does, so
 * there is always an answer.
 */
export function shadeReadableOn(hex: string, surface: string, ratio = AA_TEXT): string {
  const channels = channelsOf(hex);
  // 1% steps: the shade is at most 1% darker than it needs to be, in at most 100 tries.
  for (let step = 100; step > 0; step--) {
    const shade = hexOf(channels.map((value) => (value * step) / 100));
    if (contrastRatio(shade, surface) >= ratio) return shade;
  }
  return '#000000';
}

/**
 * The colour moved `amount` (0 to 1) of the way away from `text` (towards white under black text,
 * towards black under white text): a hover shade on which that text reads better still.
 */
export function awayFrom(hex: string, text: '#000000' | '#ffffff', amount: number): string {
  const target = text === '#000000' ? 255 : 0;
  return hexOf(channelsOf(hex).map((value) => value + (target - value) * amount));
}
