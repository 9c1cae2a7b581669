import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import {
  canAddVariant,
  draftFromProduct,
  moveImage,
  newVariant,
  parseTags,
  positivePrice,
  sizeCode,
  tagsValid,
  updateFromDraft,
  uploadedFileName,
  variantName,
  wholeStock,
} from './productForm';

describe('admin product form rules', () => {
  it.each(['men, polo', 'graphic_tee,kids', 'unisex', '', 'Men Polo', 'café, naïve'])('accepts the tags %j', (tags) => {
    expect(tagsValid(tags)).toBe(true);
  });

  it.each(['men, polo-neck', 'size 42', 'men; polo', 'tee!', 'a\tb', "women's"])('refuses the tags %j', (tags) => {
    expect(tagsValid(tags)).toBe(false);
  });

  it('parses tags as the server stores them', () => {
    expect(parseTags(' Men,  Polo  neck ,, men ,graphic_tee')).toEqual(['men', 'polo neck', 'graphic_tee']);
  });

  it('makes the price positive', () => {
    expect(positivePrice('-499')).toBe('499');
    expect(positivePrice('-12.5')).toBe('12.5');
    expect(positivePrice('899.50')).toBe('899.50');
    expect(positivePrice('')).toBe('');
  });

  it('keeps stock a whole number of at least 0, uppercases size codes, caps variant names at 20', () => {
    expect(wholeStock('12')).toBe('12');
    expect(wholeStock('-3')).toBe('3');
    expect(wholeStock('2.5')).toBe('25');
    expect(wholeStock('007')).toBe('7');
    expect(wholeStock('0')).toBe('0');
    expect(sizeCode('xl')).toBe('XL');
    expect(sizeCode('xxxxxxxxxxxxl')).toBe('XXXXXXXXXX');
    expect(variantName('a'.repeat(25))).toHaveLength(20);
  });

  it('tells uploaded files, which may be deleted, from demo pictures', () => {
    expect(uploadedFileName('/uploads/0123456789abcdef0123456789abcdef.png')).toBe('0123456789abcdef0123456789abcdef.png');
    expect(uploadedFileName('/uploads/0123456789abcdef0123456789abcdef.webp')).toBe('0123456789abcdef0123456789abcdef.webp');
    expect(uploadedFileName('/uploads/demo/polo-navy-front.png')).toBeUndefined();
    expect(uploadedFileName('/uploads/../haat.db')).toBeUndefined();
    expect(uploadedFileName('/uploads/0123456789ABCDEF0123456789abcdef.png')).toBeUndefined();
  });

  it('moves images left and right, not past the ends', () => {
    expect(moveImage(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveImage(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveImage(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveImage(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('allows Add Variant only when the last variant has a name', () => {
    expect(canAddVariant([])).toBe(true);
    expect(canAddVariant([newVariant()])).toBe(false);
    expect(canAddVariant([{ ...newVariant(), variantName: '   ' }])).toBe(false);
    expect(canAddVariant([{ ...newVariant(), variantName: 'navy' }])).toBe(true);
    expect(canAddVariant([{ ...newVariant(), variantName: 'navy' }, newVariant()])).toBe(false);
  });

  it('sends existing variants and sizes with their ids, new ones without', () => {
    const draft = draftFromProduct(makeProduct({ _id: 'p1', name: 'Tee', price: 499, tags: ['men', 'polo'] }));
    expect(draft.tags).toBe('men, polo');
    draft.variants.push({ ...newVariant(), variantName: ' teal ', images: ['/uploads/x.png'], sizes: [{ key: 'k', size: 'L', stock: '' }] });
    expect(updateFromDraft('p1', draft)).toEqual({
      productId: 'p1',
      name: 'Tee',
      price: 499,
      tags: 'men, polo',
      description: 'Soft combed cotton.',
      variants: [
        { _id: 'p1-v1', variantName: 'black', images: ['/uploads/demo/p1-black-front.png'], sizes: [{ _id: 'p1-s1', size: 'M', stock: 20 }] },
        { variantName: 'teal', images: ['/uploads/x.png'], sizes: [{ size: 'L', stock: 0 }] },
      ],
    });
  });
});
