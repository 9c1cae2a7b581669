import { useLocation, useParams } from 'react-router';
import GoBackButton from '../../components/GoBackButton';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import Paginate from '../../components/Paginate';
import { errorMessage } from '../../lib/errors';
import { tagLabel } from '../../lib/format';
import PageTitle from '../../components/PageTitle';
import CategoryChips, { categoryHref } from './CategoryChips';
import { activeFilters, filterFromSearch } from './listFilter';
import ListControls from './ListControls';
import ProductGrid from './ProductGrid';
import { parsePageNumber, useGetProductsByCategoryQuery } from './productsApi';

/** /category/{category} and /category/{category}/page/{n}: the published products carrying that tag, 12 a page. */
export default function CategoryScreen() {
  const params = useParams();
  const category = (params.category ?? '').trim();
  const pageNumber = parsePageNumber(params.pageNumber);
  const filter = filterFromSearch(useLocation().search);
  const { currentData: data, isFetching, error } = useGetProductsByCategoryQuery({ category, pageNumber, filter });
  const base = categoryHref(category);

  return (
    <>
      <PageTitle title={pageNumber > 1 ? `${category}, page ${pageNumber}` : category} />
      <GoBackButton />
      <h1 className="page-heading text-capitalize text-break">{tagLabel(category)}</h1>
      <CategoryChips />
      <ListControls basePath={base} />
      {error && !isFetching ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : !data ? (
        <Loader />
      ) : data.products.length > 0 ? (
        <>
          <ProductGrid products={data.products} />
          <Paginate pages={data.pages} page={data.page} hrefFor={(n) => `${base}/page/${n}`} />
        </>
      ) : activeFilters(filter) > 0 ? (
        <Message>No products in &quot;{category}&quot; match these filters.</Message>
      ) : pageNumber > 1 ? (
        <Message>There are no products on page {pageNumber}.</Message>
      ) : (
        <Message>There are no products in &quot;{category}&quot; yet.</Message>
      )}
    </>
  );
}
