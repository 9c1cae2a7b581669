import { useParams } from 'react-router';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import Paginate from '../../components/Paginate';
import { errorMessage } from '../../lib/errors';
import PageTitle from '../config/PageTitle';
import CategoryChips from './CategoryChips';
import ProductGrid from './ProductGrid';
import TopProductsCarousel from './TopProductsCarousel';
import { parsePageNumber, useGetProductsQuery } from './productsApi';

export default function HomeScreen() {
  const pageNumber = parsePageNumber(useParams().pageNumber);
  const { currentData: data, isFetching, error } = useGetProductsQuery({ pageNumber });

  return (
    <>
      <PageTitle title={pageNumber > 1 ? `Latest Products, page ${pageNumber}` : undefined} />
      {pageNumber === 1 && (
        <>
          <TopProductsCarousel />
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
