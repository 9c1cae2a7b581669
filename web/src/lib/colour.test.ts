import { describe, expect, it } from 'vitest';
import { brightness, parseHex, swatchStyle, textColourFor } from './colour';

describe('variant colours', () => {
  it.each([
    ['#000000', { r: 0, g: 0, b: 0 }, 0, 'white'],
    ['#ffffff', { r: 255, g: 255, b: 255 }, 255, 'black'],
    ['#ffff00', { r: 255, g: 255, b: 0 }, 225.93, 'black'],
    ['#000080', { r: 0, g: 0, b: 128 }, 14.592, 'white'],
    ['#DAA520', { r: 218, g: 165, b: 32 }, 165.685, 'black'],
    ['#e1ad01', { r: 225, g: 173, b: 1 }, 168.94, 'black'],
    ['#006a4e', { r: 0, g: 106, b: 78 }, 71.114, 'white'],
  ])('swatch %s gives its RGB, brightness and text colour', (hex, rgb, bright, text) => {
    const parsed = parseHex(hex);
    expect(parsed).toEqual(rgb);
    expect(brightness(parsed!)).toBeCloseTo(bright, 3);
    expect(textColourFor(parsed!)).toBe(text);
    expect(swatchStyle(hex)).toEqual({ backgroundColor: `rgb(${rgb.r}, ${rgb.g}, ${rgb.b})`, color: text });
  });

  it('puts black text above brightness 128 and white text at 128 or below', () => {
    // (299 + 587 + 114) * 128 / 1000 = 128 exactly
    expect(textColourFor({ r: 128, g: 128, b: 128 })).toBe('white');
    expect(textColourFor({ r: 129, g: 129, b: 129 })).toBe('black');
  });

  it('never reads a CSS keyword: anything but #rrggbb is a grey button with black text', () => {
    for (const notSwatch of ['navy', 'heather marl', '#fff', '', 'rgb(1, 2, 3)']) {
      expect(parseHex(notSwatch)).toBeNull();
      expect(swatchStyle(notSwatch)).toEqual({ backgroundColor: '#e9ecef', color: 'black' });
    }
  });
});
