import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import { draftFromProduct, moveImage, NEW_SWATCH, newVariant, updateFromDraft, uploadedFileName } from './productForm';

describe('admin product form draft', () => {
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

  it('sends existing variants and sizes with their ids, new ones without', () => {
    const draft = draftFromProduct(makeProduct({ _id: 'p1', name: 'Tee', price: 499, mrp: 799, tags: ['men', 'polo'] }));
    expect(draft.tags).toBe('men, polo');
    expect(draft.mrp).toBe('799');
    draft.variants.push({ ...newVariant(), variantName: ' teal ', images: ['/uploads/x.png'], sizes: [{ key: 'k', size: 'L', stock: '' }] });
    expect(updateFromDraft('p1', draft)).toEqual({
      productId: 'p1',
      name: 'Tee',
      price: 499,
      mrp: 799,
      sizeChart: '',
      tags: 'men, polo',
      description: 'Soft combed cotton.',
      hsn: '6109',
      variants: [
        {
          _id: 'p1-v1',
          variantName: 'black',
          swatch: '#000000',
          images: ['/uploads/demo/p1-black-front.png'],
          sizes: [{ _id: 'p1-s1', size: 'M', stock: 20 }],
        },
        { variantName: 'teal', swatch: NEW_SWATCH, images: ['/uploads/x.png'], sizes: [{ size: 'L', stock: 0 }] },
      ],
    });
  });
});
