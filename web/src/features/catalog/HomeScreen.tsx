import { lazy, Suspense } from 'react';
import { useLocation, useParams } from 'react-router';
import WhenIdle from '../../components/WhenIdle';
import PageTitle from '../../components/PageTitle';
import CategoryChips from './CategoryChips';
import { activeFilters, filterFromSearch } from './listFilter';
import ListControls from './ListControls';
import ProductList from './ProductList';
import { parsePageNumber, useGetProductsQuery, useGetTopProductsQuery } from './productsApi';
import { TopProductStill } from './TopProductSlide';

// The carousel loads once the page is idle, not with the first page: the latest products below are
// what the visitor waits for. Until then its first slide stands still in its place.
const TopProductsCarousel = lazy(() => import('./TopProductsCarousel'));

export default function HomeScreen() {
  const pageNumber = parsePageNumber(useParams().pageNumber);
  const filter = filterFromSearch(useLocation().search);
  const { currentData: data, isFetching, error } = useGetProductsQuery({ pageNumber, filter });
  // Asks for the top products at once, while the carousel's code waits for its turn.
  const top = useGetTopProductsQuery(undefined, { skip: pageNumber !== 1 });
  const still = <TopProductStill products={top.data} />;

  return (
    <>
      <PageTitle title={pageNumber > 1 ? `Latest Products, page ${pageNumber}` : undefined} />
      {/* Mounted on every page of the list, so that page 1 again shows the carousel at once. */}
      <WhenIdle fallback={pageNumber === 1 && still}>
        {pageNumber === 1 && (
          <Suspense fallback={still}>
            <TopProductsCarousel />
          </Suspense>
        )}
      </WhenIdle>
      {pageNumber === 1 && <CategoryChips />}
      <h1 className="page-heading">Latest Products</h1>
      <ListControls basePath="/" />
      <ProductList
        data={data}
        error={error}
        isFetching={isFetching}
        empty={activeFilters(filter) > 0 ? 'No products match these filters.' : 'No products yet. Please come back soon.'}
      />
    </>
  );
}
