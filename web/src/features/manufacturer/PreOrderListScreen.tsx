import { useSearchParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { FaCheck, FaIndustry } from 'react-icons/fa';
import { toast } from 'react-toastify';
import PageTitle from '../../components/PageTitle';
import Paginate from '../../components/Paginate';
import { errorMessage } from '../../lib/errors';
import {
  orderColumns,
  OrdersTable,
  productionDate,
  useGetPreOrdersQuery,
  useMarkManufacturedMutation,
  type Order,
  type OrderColumn,
} from '../orders';

export const confirmMark = (orderId: string) =>
  `Are you sure the production of order ${orderId} is complete? This cannot be undone.`;

/** SPEC.md §8: a failed mark may still have set the date on the server. */
export const MARK_FAILED =
  'The manufacturing date may have been updated on the backend anyway: please report this to the admin.';

export const marked = (orderId: string) => `Production of order ${orderId} marked complete.`;

/** The pre-order lines of an order (all its lines if none is marked), with colour and size. */
const itemsColumn: OrderColumn = {
  label: 'Items',
  cell: (o) => {
    const items = o.orderItems.filter((it) => it.preOrder);
    return (
      <ul className="preorder-items">
        {(items.length ? items : o.orderItems).map((it, i) => (
          <li key={i}>
            <span className="fw-semibold">{it.name}</span> × {it.qty}
            <span className="d-block small text-body-secondary">
              {it.variantColor} · Size {it.size}
            </span>
          </li>
        ))}
      </ul>
    );
  },
};

/**
 * /manufacturer/preorderlist (?pageNumber=n): orders holding pre-order items, a page at a time, those to make first
 * and oldest first, then the made ones (SPEC.md §2, §4).
 */
export default function PreOrderListScreen() {
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('pageNumber')) || 1);
  const query = useGetPreOrdersQuery(page);
  const [markManufactured, { isLoading: marking, originalArgs: markingId }] = useMarkManufacturedMutation();

  const mark = async (order: Order) => {
    if (!window.confirm(confirmMark(order.orderId))) return;
    try {
      await markManufactured(order._id).unwrap();
      toast.success(marked(order.orderId));
    } catch (err) {
      const why = errorMessage(err).replace(/\.?$/, '.');
      toast.error(`Marking production complete failed: ${why} ${MARK_FAILED}`);
    }
  };

  const productionColumn: OrderColumn = {
    label: 'Production',
    testId: 'production-cell',
    cell: (o) =>
      o.mfgDate ? (
        <span className="text-success">
          <FaCheck className="me-1" aria-hidden="true" />
          Manufactured on <span data-testid="mfg-date" className="text-nowrap">{productionDate(o.mfgDate)}</span>
        </span>
      ) : (
        <Button
          variant="accent"
          size="sm"
          className="preorder-mark"
          onClick={() => void mark(o)}
          disabled={marking && markingId === o._id}
        >
          {marking && markingId === o._id ? (
            <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
          ) : (
            <FaIndustry className="me-1" aria-hidden="true" />
          )}
          Mark Production Complete
        </Button>
      ),
  };

  return (
    <>
      <PageTitle title="Pre-orders" />
      <h1 className="page-heading">Pre-orders</h1>
      <OrdersTable
        query={{ ...query, data: query.data?.orders }}
        columns={[orderColumns.number, orderColumns.placed, itemsColumn, orderColumns.customer('Customer'), productionColumn]}
        empty={page > 1 ? `There are no pre-orders on page ${page}.` : 'No pre-orders to make right now.'}
        rowTestId="preorder-row"
      />
      <Paginate pages={query.data?.pages ?? 1} page={page} hrefFor={(n) => `/manufacturer/preorderlist?pageNumber=${n}`} />
    </>
  );
}
