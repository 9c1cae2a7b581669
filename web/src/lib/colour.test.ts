import { describe, expect, it } from 'vitest';
import { brightness, parseRgb, resolveColour, swatchStyle, textColourFor } from './colour';

describe('variant colours', () => {
  it.each([
    ['black', { r: 0, g: 0, b: 0 }, 0, 'white'],
    ['white', { r: 255, g: 255, b: 255 }, 255, 'black'],
    ['yellow', { r: 255, g: 255, b: 0 }, 225.93, 'black'],
    ['navy', { r: 0, g: 0, b: 128 }, 14.592, 'white'],
    ['goldenrod', { r: 218, g: 165, b: 32 }, 165.685, 'black'],
    ['maroon', { r: 128, g: 0, b: 0 }, 38.272, 'white'],
    ['Teal', { r: 0, g: 128, b: 128 }, 89.728, 'white'],
  ])('%s resolves to its RGB, brightness and text colour', (name, rgb, bright, text) => {
    const resolved = resolveColour(name);
    expect(resolved).toEqual(rgb);
    expect(brightness(resolved!)).toBeCloseTo(bright, 3);
    expect(textColourFor(resolved!)).toBe(text);
    expect(swatchStyle(name)).toEqual({ backgroundColor: `rgb(${rgb.r}, ${rgb.g}, ${rgb.b})`, color: text });
  });

  it('puts black text above brightness 128 and white text at 128 or below', () => {
    // (299 + 587 + 114) * 128 / 1000 = 128 exactly
    expect(textColourFor({ r: 128, g: 128, b: 128 })).toBe('white');
    expect(textColourFor({ r: 129, g: 129, b: 129 })).toBe('black');
  });

  it('also reads hex colours, and falls back to grey with black text for a non-colour', () => {
    expect(resolveColour('#f2a541')).toEqual({ r: 242, g: 165, b: 65 });
    expect(resolveColour('heather marl')).toBeNull();
    expect(swatchStyle('heather marl')).toEqual({ backgroundColor: '#e9ecef', color: 'black' });
    expect(parseRgb('rgba(1, 2, 3, 0.5)')).toEqual({ r: 1, g: 2, b: 3 });
    expect(parseRgb('blue')).toBeNull();
  });
});
