/** The product editor's draft: the form's state, and the update it sends. Its rules are in lib/validation.ts. */
import type { Product } from '../catalog';
import { mrpValue } from '../../lib/validation';
import type { ProductUpdate } from './adminProductsApi';

/**
 * The stored file name of an image uploaded through /api/upload (/uploads/<32 hex>.<ext>), the
 * only ones that may be deleted; undefined for demo pictures and anything else.
 */
export function uploadedFileName(url: string): string | undefined {
  const m = /^\/uploads\/([0-9a-f]{32}\.(?:jpg|png|webp))$/.exec(url);
  return m?.[1];
}

let seq = 0;
/** A key for React lists that stays with a row while rows are added, removed and moved. */
export const rowKey = () => `row-${++seq}`;

export interface SizeRow {
  key: string;
  _id?: string;
  size: string;
  stock: string;
}

export interface VariantDraft {
  key: string;
  _id?: string;
  variantName: string;
  swatch: string;
  images: string[];
  sizes: SizeRow[];
}

export interface ProductDraft {
  name: string;
  price: string;
  /** '' for none. */
  mrp: string;
  sizeChart: string;
  tags: string;
  description: string;
  hsn: string;
  variants: VariantDraft[];
  /** The product's stock version when the form was filled. */
  version?: string;
}

/** The HSN code of knitted T-shirts, a product's until the admin sets another. */
export const DEFAULT_HSN = '6109';

export function draftFromProduct(p: Product): ProductDraft {
  return {
    name: p.name,
    price: p.price > 0 ? String(p.price) : '',
    mrp: p.mrp ? String(p.mrp) : '',
    sizeChart: p.sizeChart,
    tags: p.tags.join(', '),
    description: p.description,
    hsn: p.hsn ?? DEFAULT_HSN,
    version: p.version,
    variants: p.variants.map((v) => ({
      key: rowKey(),
      _id: v._id,
      variantName: v.variantName,
      swatch: v.swatch,
      images: [...v.images],
      sizes: v.sizes.map((s) => ({ key: rowKey(), _id: s._id, size: s.size, stock: String(s.stock) })),
    })),
  };
}

/** The swatch a new colour starts with, until the owner picks one. */
export const NEW_SWATCH = '#d9d9d9';

export const newVariant = (): VariantDraft => ({ key: rowKey(), variantName: '', swatch: NEW_SWATCH, images: [], sizes: [] });
export const newSize = (): SizeRow => ({ key: rowKey(), size: '', stock: '0' });

/** Moves the image at index by step (-1 left, 1 right); unchanged at the ends. */
export function moveImage(images: string[], index: number, step: -1 | 1): string[] {
  const to = index + step;
  if (to < 0 || to >= images.length) return images;
  const next = [...images];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

/** The PUT body; existing variants and sizes keep their _id so cart lines stay valid. */
export function updateFromDraft(productId: string, d: ProductDraft): ProductUpdate {
  return {
    productId,
    name: d.name.trim(),
    price: Number(d.price) || 0,
    mrp: mrpValue(d.mrp),
    sizeChart: d.sizeChart,
    tags: d.tags,
    description: d.description,
    hsn: d.hsn.trim(),
    version: d.version,
    variants: d.variants.map((v) => ({
      ...(v._id ? { _id: v._id } : {}),
      variantName: v.variantName.trim(),
      swatch: v.swatch,
      images: v.images,
      sizes: v.sizes.map((s) => ({
        ...(s._id ? { _id: s._id } : {}),
        size: s.size.trim(),
        stock: Number(s.stock) || 0,
      })),
    })),
  };
}
