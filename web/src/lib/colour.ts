/**
 * Colours of variant buttons (SPEC.md §9): a variant's name is a CSS colour, and the text on it is
 * black or white by the colour's brightness, (299 R + 587 G + 114 B) / 1000, against 128.
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export const BRIGHTNESS_THRESHOLD = 128;

const cache = new Map<string, Rgb | null>();

/** Parses "rgb(218, 165, 32)" or "rgba(0, 0, 0, 0.5)" as a browser reports a computed colour. */
export function parseRgb(text: string): Rgb | null {
  const m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(text.trim());
  if (!m) return null;
  const [r, g, b] = [m[1], m[2], m[3]].map((v) => Math.round(Number(v)));
  return { r, g, b };
}

/**
 * The RGB of a CSS colour (a name such as "goldenrod", "#f2a541", "rgb(…)"), resolved by the browser
 * itself through a detached-from-layout element's computed style; null when it is not a colour.
 */
export function resolveColour(colour: string): Rgb | null {
  const key = colour.trim().toLowerCase();
  if (!key) return null;
  if (cache.has(key)) return cache.get(key)!;
  let rgb: Rgb | null = null;
  if (typeof document !== 'undefined') {
    const probe = document.createElement('span');
    probe.style.color = key;
    // An invalid colour leaves the declaration empty.
    if (probe.style.color !== '') {
      probe.style.display = 'none';
      document.body.appendChild(probe);
      rgb = parseRgb(getComputedStyle(probe).color);
      probe.remove();
    }
  }
  cache.set(key, rgb);
  return rgb;
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
 * Background and text colour of a button filled with a CSS colour name. A name that is not a
 * colour gets a light grey button with black text, so the label stays readable.
 */
export function swatchStyle(colour: string): { backgroundColor: string; color: 'black' | 'white' } {
  const rgb = resolveColour(colour);
  if (!rgb) return { backgroundColor: '#e9ecef', color: 'black' };
  return { backgroundColor: `rgb(${rgb.r}, ${rgb.g}, ${rgb.b})`, color: textColourFor(rgb) };
}
