import { useParams } from 'react-router';
import GoBackButton from '../../components/GoBackButton';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import { errorMessage } from '../../lib/errors';
import { tagLabel } from '../../lib/format';
import PageTitle from '../../components/PageTitle';
import CategoryChips from './CategoryChips';
import ProductGrid from './ProductGrid';
import { useGetProductsByCategoryQuery } from './productsApi';

/** /category/{category}: the published products carrying that tag. */
export default function CategoryScreen() {
  const category = (useParams().category ?? '').trim();
  const { currentData: products, isFetching, error } = useGetProductsByCategoryQuery(category);

  return (
    <>
      <PageTitle title={category} />
      <GoBackButton />
      <h1 className="page-heading text-capitalize text-break">{tagLabel(category)}</h1>
      <CategoryChips />
      {error && !isFetching ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : !products ? (
        <Loader />
      ) : products.length > 0 ? (
        <ProductGrid products={products} />
      ) : (
        <Message>There are no products in &quot;{category}&quot; yet.</Message>
      )}
    </>
  );
}
