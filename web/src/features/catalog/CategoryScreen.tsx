import { useLocation, useParams } from 'react-router';
import GoBackButton from '../../components/GoBackButton';
import { tagLabel } from '../../lib/format';
import PageTitle from '../../components/PageTitle';
import CategoryChips, { categoryHref } from './CategoryChips';
import { activeFilters, filterFromSearch } from './listFilter';
import ListControls from './ListControls';
import ProductList from './ProductList';
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
      <ProductList
        data={data}
        error={error}
        isFetching={isFetching}
        hrefFor={(n) => `${base}/page/${n}`}
        empty={
          activeFilters(filter) > 0 ? `No products in "${category}" match these filters.` : `There are no products in "${category}" yet.`
        }
      />
    </>
  );
}
