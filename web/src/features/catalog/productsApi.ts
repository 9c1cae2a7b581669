import { api } from '../../lib/api';
import { filterParams, type ListFilter } from './listFilter';
import type { CardPage, Category, FilterChoices, Product, ProductSummary, Suggestion } from './types';

export interface ProductsQuery {
  keyword?: string;
  pageNumber?: number;
  /** Search the words as typed, without correcting a misspelt one. */
  exact?: boolean;
  filter?: ListFilter;
}

export interface CategoryQuery {
  category: string;
  pageNumber?: number;
  filter?: ListFilter;
}

/** The query of a page of a list: its filter, and its page number past the first. */
function listParams(pageNumber: number | undefined, filter: ListFilter | undefined, ranked = false): Record<string, string> {
  const params = filterParams(filter ?? {}, ranked);
  if (pageNumber && pageNumber > 1) params.pageNumber = String(pageNumber);
  return params;
}

const listTags = (result: CardPage | undefined) => [
  { type: 'Product' as const, id: 'LIST' },
  ...(result?.products ?? []).map((p) => ({ type: 'Product' as const, id: p._id })),
];

export interface NewReview {
  productId: string;
  rating: number;
  comment: string;
}

export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<CardPage, ProductsQuery>({
      query: ({ keyword, pageNumber, filter, exact }) => {
        // A keyword search is ranked: an explicit newest is sent, no sort is best match first.
        const params = {
          ...(keyword ? { keyword } : {}),
          ...(exact ? { exact: '1' } : {}),
          ...listParams(pageNumber, filter, !!keyword),
        };
        // No params, no '?': the URL then matches a preload of /api/products exactly.
        return Object.keys(params).length > 0 ? { url: '/products', params } : '/products';
      },
      providesTags: listTags,
    }),
    getSuggestions: build.query<Suggestion[], string>({
      query: (q) => ({ url: '/products/suggest', params: { q } }),
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    getProductDetails: build.query<Product, string>({
      query: (id) => `/products/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    getTopProducts: build.query<ProductSummary[], void>({
      query: () => '/products/top',
      providesTags: (result) => [
        { type: 'Product' as const, id: 'LIST' },
        ...(result ?? []).map((p) => ({ type: 'Product' as const, id: p._id })),
      ],
    }),
    getCategories: build.query<Category[], void>({
      query: () => '/products/categories',
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    getProductsByCategory: build.query<CardPage, CategoryQuery>({
      query: ({ category, pageNumber, filter }) => ({
        url: `/products/category/${encodeURIComponent(category)}`,
        params: listParams(pageNumber, filter),
      }),
      providesTags: listTags,
    }),
    /** The sizes and colours the filter panel offers. */
    getFilterChoices: build.query<FilterChoices, void>({
      query: () => '/products/filters',
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    /** Whether the signed-in customer has reviewed the product (one review each). */
    getMyReview: build.query<{ reviewed: boolean }, string>({
      query: (id) => `/products/${encodeURIComponent(id)}/reviews/mine`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    createReview: build.mutation<{ message: string }, NewReview>({
      query: ({ productId, rating, comment }) => ({
        url: `/products/${encodeURIComponent(productId)}/reviews`,
        method: 'POST',
        body: { rating, comment },
      }),
      // The product's reviews, average and count change, and so may the top products.
      invalidatesTags: (_result, error, { productId }) =>
        error ? [] : [{ type: 'Product', id: productId }, { type: 'Product', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetProductsQuery,
  useGetSuggestionsQuery,
  useGetProductDetailsQuery,
  useGetTopProductsQuery,
  useGetCategoriesQuery,
  useGetProductsByCategoryQuery,
  useGetFilterChoicesQuery,
  useCreateReviewMutation,
  useGetMyReviewQuery,
} = productsApi;

/** A page number from the URL: anything that is not a whole number of at least 1 is page 1. */
export function parsePageNumber(value: string | undefined): number {
  if (!value || !/^\d+$/.test(value)) return 1;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}
