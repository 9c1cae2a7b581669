import { skipToken } from '@reduxjs/toolkit/query/react';
import { Navigate, useLocation, useParams } from 'react-router';
import { Link, type AppPath } from '../../components/Link';
import GoBackButton from '../../components/GoBackButton';
import { searchKeyword } from '../../lib/validation';
import PageTitle from '../../components/PageTitle';
import { activeFilters, filterFromSearch, filterParams } from './listFilter';
import ListControls from './ListControls';
import ProductList from './ProductList';
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
  const basePath: AppPath = `/search/${encodeURIComponent(keyword)}`;
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
      <ProductList
        data={data}
        error={error}
        isFetching={isFetching}
        keyword={keyword}
        empty={`No products match "${keyword}"${activeFilters(filter) > 0 ? ' with these filters' : ''}.`}
      />
    </>
  );
}
