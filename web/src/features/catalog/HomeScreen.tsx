import { lazy, Suspense, useDeferredValue } from 'react';
import { useLocation, useParams } from 'react-router';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import Paginate from '../../components/Paginate';
import { errorMessage } from '../../lib/errors';
import { useIdle } from '../../lib/useIdle';
import PageTitle from '../../components/PageTitle';
import CategoryChips from './CategoryChips';
import { activeFilters, filterFromSearch } from './listFilter';
import ListControls from './ListControls';
import ProductGrid from './ProductGrid';
import { parsePageNumber, useGetProductsQuery, useGetTopProductsQuery } from './productsApi';

// The carousel (and react-bootstrap's Carousel with its transitions) loads once the page is idle,
// not with the first page: the latest products below are what the visitor waits for.
const TopProductsCarousel = lazy(() => import('./TopProductsCarousel'));
const carouselRoom = <div className="top-carousel top-carousel--loading mb-4" aria-hidden="true" />;

export default function HomeScreen() {
  const pageNumber = parsePageNumber(useParams().pageNumber);
  const filter = filterFromSearch(useLocation().search);
  const { currentData, isFetching, error } = useGetProductsQuery({ pageNumber, filter });
  // The grid renders as background work that yields to the browser, not in one long task.
  const data = useDeferredValue(currentData);
  // Asks for the top products at once, while the carousel's code waits for its turn.
  useGetTopProductsQuery(undefined, { skip: pageNumber !== 1 });
  const idle = useIdle();

  return (
    <>
      <PageTitle title={pageNumber > 1 ? `Latest Products, page ${pageNumber}` : undefined} />
      {pageNumber === 1 && (
        <>
          {idle ? (
            <Suspense fallback={carouselRoom}>
              <TopProductsCarousel />
            </Suspense>
          ) : (
            carouselRoom
          )}
          <CategoryChips />
        </>
      )}
      <h1 className="page-heading">Latest Products</h1>
      <ListControls basePath="/" />
      {error && !isFetching ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : !data ? (
        <Loader />
      ) : data.products.length > 0 ? (
        <>
          <ProductGrid products={data.products} />
          <Paginate pages={data.pages} page={data.page} />
        </>
      ) : activeFilters(filter) > 0 ? (
        <Message>No products match these filters.</Message>
      ) : pageNumber > 1 ? (
        <Message>There are no products on page {pageNumber}.</Message>
      ) : (
        <Message>No products yet. Please come back soon.</Message>
      )}
    </>
  );
}
