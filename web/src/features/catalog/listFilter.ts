import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The orders of a product list (GET /api/products's sort). */
export type SortKey = 'newest' | 'price_asc' | 'price_desc' | 'rating';

export const SORTS: { value: SortKey; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'rating', label: 'Top rated' },
];

/**
 * The sort and filters of a product list, as its URL query carries them and the API takes them.
 * Prices are rupees as typed; a key that is not set is no filter.
 */
export interface ListFilter {
  sort?: SortKey;
  /** A size code: products with it in stock. */
  size?: string;
  /** A colour name: products with a variant of it. */
  color?: string;
  minPrice?: string;
  maxPrice?: string;
}

const KEYS = ['sort', 'size', 'color', 'minPrice', 'maxPrice'] as const;

/** Rupees with at most two decimals, as the server takes them. */
export const RUPEES = /^\d{1,10}(\.\d{1,2})?$/;

/**
 * The filter a URL query holds; newest, the default order, is no sort. In a ranked list (a keyword search,
 * best match first by default) newest is a sort like the others.
 */
export function filterFromSearch(search: string, ranked = false): ListFilter {
  const params = new URLSearchParams(search);
  const f: ListFilter = {};
  for (const key of KEYS) {
    const value = params.get(key)?.trim();
    if (value) (f as Record<string, string>)[key] = value;
  }
  if (f.sort && ((f.sort === 'newest' && !ranked) || !SORTS.some((s) => s.value === f.sort))) delete f.sort;
  return f;
}

/** The filter's query parameters, for the API and the URL (ranked as in filterFromSearch). */
export function filterParams(f: ListFilter, ranked = false): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of KEYS) {
    const value = f[key];
    if (value && !(key === 'sort' && value === 'newest' && !ranked)) out[key] = value;
  }
  return out;
}

/** How many filters (not the sort) are set; a price range counts once. */
export function activeFilters(f: ListFilter): number {
  return Number(!!f.size) + Number(!!f.color) + Number(!!(f.minPrice || f.maxPrice));
}

/**
 * The list's filter from the URL, and a way to change it: a change goes to the list's first page
 * (basePath) with the new query, since the pages of the old filter no longer fit. Other parameters
 * (a search's exact=1) are kept.
 */
export function useListFilter(basePath: string, ranked = false) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const filter = useMemo(() => filterFromSearch(search, ranked), [search, ranked]);
  const apply = useCallback(
    (next: ListFilter) => {
      const params = new URLSearchParams(search);
      for (const key of KEYS) params.delete(key);
      for (const [key, value] of Object.entries(filterParams(next, ranked))) params.set(key, value);
      const query = params.toString();
      navigate(query ? `${basePath}?${query}` : basePath);
    },
    [basePath, navigate, ranked, search],
  );
  return { filter, apply };
}
