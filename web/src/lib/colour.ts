/**
 * Colours of variant buttons (SPEC.md §9): a variant's swatch (#rrggbb, picked by the owner) fills
 * it, and the text on it is black or white by the colour's brightness, (299 R + 587 G + 114 B) /
 * 1000, against 128.
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export const BRIGHTNESS_THRESHOLD = 128;

/** The RGB of a swatch, "#rrggbb"; null for anything else. */
export function parseHex(hex: string): Rgb | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return null;
  const [r, g, b] = [m[1], m[2], m[3]].map((v) => parseInt(v, 16));
  return { r, g, b };
}

/** Perceived brightness 0-255 (the W3C formula). */
export function brightness({ r, g, b }: Rgb): number {
  return (299 * r + 587 * g + 114 * b) / 1000;
}

/** Black text on a bright background (brightness above 128), else white. */
export function textColourFor(rgb: Rgb): 'black' | 'white' {
  return brightness(rgb) > BRIGHTNESS_THRESHOLD ? 'black' : 'white';
}

/**
 * Background and text colour of a button filled with a swatch. Anything but "#rrggbb" gets a light
 * grey button with black text, so the label stays readable.
 */
export function swatchStyle(swatch: string): { backgroundColor: string; color: 'black' | 'white' } {
  const rgb = parseHex(swatch);
  if (!rgb) return { backgroundColor: '#e9ecef', color: 'black' };
  return { backgroundColor: `rgb(${rgb.r}, ${rgb.g}, ${rgb.b})`, color: textColourFor(rgb) };
}
