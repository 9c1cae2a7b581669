import { skipToken } from '@reduxjs/toolkit/query/react';
import { Navigate, useLocation, useParams } from 'react-router';
import GoBackButton from '../../components/GoBackButton';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import Paginate from '../../components/Paginate';
import { errorMessage } from '../../lib/errors';
import { searchKeyword } from '../../lib/validation';
import PageTitle from '../../components/PageTitle';
import { activeFilters, filterFromSearch } from './listFilter';
import ListControls from './ListControls';
import ProductGrid from './ProductGrid';
import { parsePageNumber, useGetProductsQuery } from './productsApi';

export default function SearchScreen() {
  const params = useParams();
  const keyword = searchKeyword(params.keyword ?? '');
  const pageNumber = parsePageNumber(params.pageNumber);
  const filter = filterFromSearch(useLocation().search);
  const { currentData: data, isFetching, error } = useGetProductsQuery(keyword ? { keyword, pageNumber, filter } : skipToken);

  // A keyword of only spaces typed into the address is no search: home, as from the search box.
  if (!keyword) return <Navigate to="/" replace />;

  return (
    <>
      <PageTitle title={`Results for "${keyword}"`} />
      <GoBackButton />
      <h1 className="page-heading text-break">Results for &quot;{keyword}&quot;</h1>
      <ListControls basePath={`/search/${encodeURIComponent(keyword)}`} />
      {error && !isFetching ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : !data ? (
        <Loader />
      ) : data.products.length > 0 ? (
        <>
          <ProductGrid products={data.products} />
          <Paginate pages={data.pages} page={data.page} keyword={keyword} />
        </>
      ) : (
        <Message>
          No products match &quot;{keyword}&quot;{activeFilters(filter) > 0 && ' with these filters'}.
        </Message>
      )}
    </>
  );
}
