import { useNavigate, useParams } from 'react-router';
import { Link, type AppPath } from '../../components/Link';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { FaEdit, FaPlus, FaTrashAlt, FaTshirt } from 'react-icons/fa';
import { toast } from 'react-toastify';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import Paginate from '../../components/Paginate';
import { errorMessage } from '../../lib/errors';
import { formatRupees } from '../../lib/format';
import { imageAt } from '../../lib/images';
import { parsePageNumber, primaryImage, type Product } from '../catalog';
import PageTitle from '../../components/PageTitle';
import { useCreateProductMutation, useDeleteProductMutation, useGetAdminProductsQuery } from './adminProductsApi';
import ListSearch, { useListKeyword } from './ListSearch';
import './admin.css';

export const productListHref = (n: number): AppPath => (n > 1 ? `/admin/productlist/${n}` : '/admin/productlist');
const displayName = (p: Product) => p.name.trim() || 'Untitled draft';

/** /admin/productlist and /admin/productlist/:pageNumber (?keyword= to search): every product, drafts included. */
export default function ProductListScreen() {
  const pageNumber = parsePageNumber(useParams().pageNumber);
  const keyword = useListKeyword();
  const navigate = useNavigate();
  const { currentData: data, isFetching, error } = useGetAdminProductsQuery({ pageNumber, keyword });
  const [createProduct, { isLoading: creating }] = useCreateProductMutation();
  const [deleteProduct, { isLoading: deleting }] = useDeleteProductMutation();

  const create = async () => {
    if (!window.confirm('Are you sure to create a new product?')) return;
    try {
      const product = await createProduct().unwrap();
      navigate(`/admin/products/${encodeURIComponent(product._id)}/edit`);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  const remove = async (product: Product) => {
    if (!window.confirm(`Are you sure to delete "${displayName(product)}"?`)) return;
    try {
      const res = await deleteProduct(product._id).unwrap();
      toast.success(res.message || 'Successfully deleted the product from your database.');
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <>
      <PageTitle title="Products" />
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="page-heading mb-0">Products</h1>
        <Button variant="accent" onClick={create} disabled={creating}>
          <FaPlus className="me-2" aria-hidden="true" />
          Create Product
        </Button>
      </div>
      <ListSearch key={keyword} basePath={productListHref(1)} label="Search products by name, tag or id" />
      {error && !isFetching ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : !data ? (
        <Loader />
      ) : data.products.length === 0 ? (
        <Message>{keyword ? `No products match "${keyword}".` : pageNumber > 1 ? `There are no products on page ${pageNumber}.` : 'No products yet. Create the first one.'}</Message>
      ) : (
        <>
          <Table striped hover responsive className="admin-table admin-products align-middle bg-white">
            <thead>
              <tr>
                <th scope="col">Image</th>
                <th scope="col">Name</th>
                <th scope="col">Price</th>
                <th scope="col">Tags</th>
                <th scope="col">Stock</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.products.map((p) => {
                const image = primaryImage(p);
                const name = displayName(p);
                return (
                  <tr key={p._id} data-testid="admin-product-row">
                    <td className="admin-products__image">
                      {image ? (
                        <img src={imageAt(image, 320)} alt="" width={48} height={48} className="admin-table__thumb rounded" loading="lazy" />
                      ) : (
                        <span className="admin-table__thumb admin-table__thumb--empty rounded" aria-hidden="true">
                          <FaTshirt />
                        </span>
                      )}
                    </td>
                    <td className={`admin-products__name${p.name.trim() ? '' : ' fst-italic text-body-secondary'}`}>{name}</td>
                    <td className="admin-products__price text-nowrap">{formatRupees(p.price)}</td>
                    <td className="admin-products__tags">{p.tags.join(', ')}</td>
                    <td className="admin-products__stock">{p.totalInStock}</td>
                    <td className="admin-products__status">
                      {p.published === false ? <Badge bg="secondary">Draft</Badge> : <Badge bg="success">Published</Badge>}
                    </td>
                    <td className="admin-products__actions text-nowrap text-end">
                      <Link
                        to={`/admin/products/${encodeURIComponent(p._id)}/edit`}
                        className="btn btn-sm btn-outline-dark me-2"
                        aria-label={`Edit ${name}`}
                      >
                        <FaEdit aria-hidden="true" />
                      </Link>
                      <Button
                        variant="outline-danger"
                        size="sm"
                        aria-label={`Delete ${name}`}
                        disabled={deleting}
                        onClick={() => remove(p)}
                      >
                        <FaTrashAlt aria-hidden="true" />
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          <Paginate pages={data.pages} page={data.page} hrefFor={productListHref} />
        </>
      )}
    </>
  );
}
