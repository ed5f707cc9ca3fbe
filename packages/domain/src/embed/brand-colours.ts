import { awayFrom, shadeReadableOn, textOn } from '../contrast.ts';

/**
 * The darkest light surface the wizard draws its primary colour on as text: the calendar's day
 * under the pointer (apps/web MonthCalendar.tsx). White, the page's grey and the banner are lighter.
 */
export const DARKEST_TEXT_SURFACE = '#d3e4f2';

/** What the wizard makes of a company's colour (decision 0060). */
export interface BrandColours {
  /** The main buttons' fill: the colour itself. */
  fill: string;
  /** Their text: black or white, whichever reads better on the fill. */
  onFill: '#000000' | '#ffffff';
  /** The fill under the pointer, moved away from its text. */
  fillHover: string;
  /** Links, outlines, labels and the focus ring on the light page: the colour, or its nearest darker shade that reads at AA there. */
  text: string;
  /** Text on a fill of `text` (the selected day, the best package's badge). */
  onText: '#000000' | '#ffffff';
}

export function brandColours(brand: string): BrandColours {
  const onFill = textOn(brand);
  const text = shadeReadableOn(brand, DARKEST_TEXT_SURFACE);
  return { fill: brand, onFill, fillHover: awayFrom(brand, onFill, 0.15), text, onText: textOn(text) };
}
