import { api } from '../../lib/api';
import type { Review } from './types';

/** A page of a product's reviews, newest first, as GET /api/products/{id}/reviews/page/{n} answers. */
export interface ReviewPage {
  reviews: Review[];
  page: number;
  pages: number;
  total: number;
}

/**
 * The product page's "More reviews": the product's answer carries the newest reviews (page 1), these are
 * pages 2, 3, … asked for one at a time. Loaded with the product page only, not with the home page.
 */
export const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMoreReviews: build.infiniteQuery<ReviewPage, string, number>({
      infiniteQueryOptions: {
        initialPageParam: 2,
        getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => `/products/${encodeURIComponent(queryArg)}/reviews/page/${pageParam}`,
      // A new review moves every page along.
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
  }),
});

export const { useGetMoreReviewsInfiniteQuery } = reviewsApi;
