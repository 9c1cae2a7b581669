import { describe, expect, it } from 'vitest';
import type { Variant } from './types';
import { defaultSize, pickSelection } from './useProductSelection';

const variants: Variant[] = [
  {
    _id: 'v1',
    variantName: 'navy',
    swatch: '#000080',
    images: [],
    sizes: [
      { _id: 'a', size: 'S', stock: 0 },
      { _id: 'b', size: 'M', stock: 2 },
    ],
  },
  { _id: 'v2', variantName: 'white', swatch: '#ffffff', images: [], sizes: [{ _id: 'c', size: 'L', stock: 0 }] },
  { _id: 'v3', variantName: 'red', swatch: '#ff0000', images: [], sizes: [] },
];

const ids = (s: ReturnType<typeof pickSelection>) => [s.variant?._id, s.size?._id];

describe('pickSelection (?variant=…&size=…)', () => {
  it('defaults to the first colour and its first size in stock', () => {
    expect(ids(pickSelection({ variants }, null, null))).toEqual(['v1', 'b']);
  });

  it('opens the colour and size of a shared link, sold out or not', () => {
    expect(ids(pickSelection({ variants }, 'v1', 'a'))).toEqual(['v1', 'a']);
    expect(ids(pickSelection({ variants }, 'v2', 'c'))).toEqual(['v2', 'c']);
  });

  it('ignores an unknown colour, and a size of another colour', () => {
    expect(ids(pickSelection({ variants }, 'gone', 'a'))).toEqual(['v1', 'a']);
    expect(ids(pickSelection({ variants }, 'v1', 'c'))).toEqual(['v1', 'b']);
  });

  it('falls back to the first size when none is in stock, and to none without sizes or variants', () => {
    expect(defaultSize(variants[1])?._id).toBe('c');
    expect(ids(pickSelection({ variants }, 'v3', null))).toEqual(['v3', undefined]);
    expect(ids(pickSelection({ variants: [] }, 'v1', 'a'))).toEqual([undefined, undefined]);
  });
});
