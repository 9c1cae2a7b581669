import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { Product, SizeStock, Variant } from './types';

export interface Selection {
  variant: Variant | undefined;
  size: SizeStock | undefined;
}

/** The size to start with in a colour: the first one in stock, else the first one. */
export function defaultSize(variant: Variant | undefined): SizeStock | undefined {
  return variant?.sizes.find((s) => s.stock > 0) ?? variant?.sizes[0];
}

/**
 * The colour and size that ?variant=<variantId>&size=<sizeId> point at. A missing or unknown
 * variant means the first one; a size that is missing or not of that variant means its default.
 */
export function pickSelection(product: Pick<Product, 'variants'>, variantId: string | null, sizeId: string | null): Selection {
  const variant = product.variants.find((v) => v._id === variantId) ?? product.variants[0];
  const size = variant?.sizes.find((s) => s._id === sizeId) ?? defaultSize(variant);
  return { variant, size };
}

/**
 * The chosen colour and size of a product, kept in the URL query so that a shared or reloaded
 * link opens the same ones. Switching colour keeps the size code when the new colour has it.
 */
export function useProductSelection(product: Pick<Product, 'variants'> | undefined) {
  const [params, setParams] = useSearchParams();
  const selection = product
    ? pickSelection(product, params.get('variant'), params.get('size'))
    : { variant: undefined, size: undefined };

  const write = useCallback(
    (variant: Variant, size: SizeStock | undefined) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('variant', variant._id);
          if (size) next.set('size', size._id);
          else next.delete('size');
          return next;
        },
        // Choosing a colour is not a new page: no history entry, no jump to the top.
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  const { variant: current, size: currentSize } = selection;
  const chooseVariant = useCallback(
    (variant: Variant) => {
      const sameCode = currentSize && variant.sizes.find((s) => s.size === currentSize.size);
      write(variant, sameCode ?? defaultSize(variant));
    },
    [write, currentSize],
  );
  const chooseSize = useCallback(
    (size: SizeStock) => {
      if (current) write(current, size);
    },
    [write, current],
  );

  return { ...selection, chooseVariant, chooseSize };
}
