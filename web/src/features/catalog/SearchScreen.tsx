import { skipToken } from '@reduxjs/toolkit/query/react';
import { Navigate, useLocation, useParams } from 'react-router';
import { Link } from '../../components/Link';
import GoBackButton from '../../components/GoBackButton';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import Paginate from '../../components/Paginate';
import { errorMessage } from '../../lib/errors';
import { searchKeyword } from '../../lib/validation';
import PageTitle from '../../components/PageTitle';
import { activeFilters, filterFromSearch, filterParams } from './listFilter';
import ListControls from './ListControls';
import ProductGrid from './ProductGrid';
import { parsePageNumber, useGetProductsQuery } from './productsApi';

export default function SearchScreen() {
  const params = useParams();
  const keyword = searchKeyword(params.keyword ?? '');
  const pageNumber = parsePageNumber(params.pageNumber);
  const { search } = useLocation();
  // ?exact=1: the shopper chose the words as typed over a correction.
  const exact = new URLSearchParams(search).get('exact') === '1';
  // A search is ranked: best match first unless a sort, newest too, is chosen.
  const filter = filterFromSearch(search, true);
  const { currentData: data, isFetching, error } = useGetProductsQuery(
    keyword ? { keyword, pageNumber, filter, ...(exact && { exact }) } : skipToken,
  );

  // A keyword of only spaces typed into the address is no search: home, as from the search box.
  if (!keyword) return <Navigate to="/" replace />;
  const basePath = `/search/${encodeURIComponent(keyword)}`;
  const exactQuery = new URLSearchParams({ ...filterParams(filter, true), exact: '1' }).toString();

  return (
    <>
      <PageTitle title={`Results for "${keyword}"`} />
      <GoBackButton />
      <h1 className="page-heading text-break">
        {data?.total === undefined
          ? `Results for "${keyword}"`
          : `${data.total} ${data.total === 1 ? 'result' : 'results'} for "${data.corrected ?? keyword}"`}
      </h1>
      {data?.corrected && (
        <p className="search-corrected">
          Showing results for <strong>{data.corrected}</strong>.{' '}
          <Link to={`${basePath}?${exactQuery}`}>Search instead for &quot;{keyword}&quot;</Link>
        </p>
      )}
      <ListControls basePath={basePath} ranked />
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
