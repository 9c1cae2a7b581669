import { lazy, Suspense, useDeferredValue } from 'react';
import { useParams } from 'react-router';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import Paginate from '../../components/Paginate';
import { errorMessage } from '../../lib/errors';
import PageTitle from '../config/PageTitle';
import CategoryChips from './CategoryChips';
import ProductGrid from './ProductGrid';
import { parsePageNumber, useGetProductsQuery, useGetTopProductsQuery } from './productsApi';

// The carousel (and react-bootstrap's Carousel with its transitions) loads beside its data rather
// than with the first page: the latest products below are what the visitor waits for.
const TopProductsCarousel = lazy(() => import('./TopProductsCarousel'));
const carouselRoom = <div className="top-carousel top-carousel--loading mb-4" aria-hidden="true" />;

export default function HomeScreen() {
  const pageNumber = parsePageNumber(useParams().pageNumber);
  const { currentData, isFetching, error } = useGetProductsQuery({ pageNumber });
  // The grid renders as background work that yields to the browser, not in one long task.
  const data = useDeferredValue(currentData);
  // Asks for the top products at once, while the carousel's code is still on its way.
  useGetTopProductsQuery(undefined, { skip: pageNumber !== 1 });

  return (
    <>
      <PageTitle title={pageNumber > 1 ? `Latest Products, page ${pageNumber}` : undefined} />
      {pageNumber === 1 && (
        <>
          <Suspense fallback={carouselRoom}>
            <TopProductsCarousel />
          </Suspense>
          <CategoryChips />
        </>
      )}
      <h1 className="page-heading">Latest Products</h1>
      {error && !isFetching ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : !data ? (
        <Loader />
      ) : data.products.length > 0 ? (
        <>
          <ProductGrid products={data.products} />
          <Paginate pages={data.pages} page={data.page} />
        </>
      ) : pageNumber > 1 ? (
        <Message>There are no products on page {pageNumber}.</Message>
      ) : (
        <Message>No products yet. Please come back soon.</Message>
      )}
    </>
  );
}
