/** A data URL of an SVG image, base64 or not: its parameters (`;base64`, `;charset=…`) and its data. */
export const SVG_DATA_URL = /^data:image\/svg\+xml((?:;[^;,]*)*),(.*)$/is;

/** Whether a logo is an SVG; told apart without loading the cleaner (svg-logo.ts), which brings a DOM. */
export function isSvgDataUrl(logo: string | null): logo is string {
  return logo !== null && SVG_DATA_URL.test(logo);
}
