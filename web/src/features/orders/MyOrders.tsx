import { useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import Paginate from '../../components/Paginate';
import { useGetMyOrdersQuery } from './ordersApi';
import { Timeline } from './OrderAftercare';
import OrdersTable, { orderColumns, type OrderColumn } from './OrdersTable';
import StatusBadge from './StatusBadge';

export const NO_ORDERS = 'You have not placed any orders yet.';

/** The order number, where it stands, and its timeline folded away. */
const orderColumn: OrderColumn = {
  label: 'Order',
  cell: (o) => (
    <div>
      <span className="text-nowrap">
        {o.orderId}
        <StatusBadge status={o.status} className="ms-2" />
      </span>
      {o.history.length > 0 && (
        <details className="my-order-timeline small mt-1">
          <summary>Timeline</summary>
          <Timeline order={o} />
        </details>
      )}
    </div>
  ),
};

const columns = [
  orderColumns.items,
  orderColumn,
  orderColumns.placed,
  orderColumns.total(),
  orderColumns.paid,
  orderColumns.delivered,
  orderColumns.details,
];

/** The profile's My Orders table (SPEC.md §2 profile): the signed-in user's orders, newest first, a page at a time. */
export default function MyOrders() {
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('ordersPage')) || 1);
  const query = useGetMyOrdersQuery(page);
  return (
    <section aria-labelledby="my-orders" className="mt-5">
      <h2 id="my-orders" className="page-heading">
        My Orders
      </h2>
      <OrdersTable
        query={{ ...query, data: query.data?.orders }}
        columns={columns}
        rowTestId="my-order-row"
        empty={
          <>
            {NO_ORDERS} <Link to="/">Start shopping</Link>
          </>
        }
      />
      <Paginate pages={query.data?.pages ?? 1} page={page} hrefFor={(n) => `/profile?ordersPage=${n}`} />
    </section>
  );
}
