import type { ReactNode } from 'react';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import Paginate from '../../components/Paginate';
import { errorMessage } from '../../lib/errors';
import ProductGrid from './ProductGrid';
import type { CardPage } from './types';
import type { AppPath } from '../../components/Link';

interface ProductListProps {
  /** The page once it has loaded. */
  data: CardPage | undefined;
  /** Why it did not load; not shown while it is asked for again. */
  error: unknown;
  isFetching: boolean;
  /** What to say when nothing is listed on the first page. */
  empty: ReactNode;
  /** The page links, as Paginate takes them. */
  keyword?: string;
  hrefFor?: (n: number) => AppPath;
}

/**
 * The body of a product list (home, category, search): the error, a spinner while it loads, the grid and its
 * page links, or what to say when the page is empty.
 */
export default function ProductList({ data, error, isFetching, empty, keyword, hrefFor }: ProductListProps) {
  if (error && !isFetching) return <Message variant="danger">{errorMessage(error)}</Message>;
  if (!data) return <Loader />;
  if (data.products.length === 0) {
    return <Message>{data.page > 1 ? `There are no products on page ${data.page}.` : empty}</Message>;
  }
  return (
    <>
      <ProductGrid products={data.products} />
      <Paginate pages={data.pages} page={data.page} keyword={keyword} hrefFor={hrefFor} />
    </>
  );
}
