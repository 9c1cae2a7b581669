import { Link, useSearchParams } from 'react-router';
import Paginate from '../../components/Paginate';
import { useGetMyOrdersQuery } from './ordersApi';
import OrdersTable, { orderColumns, type OrderColumn } from './OrdersTable';
import StatusBadge from './StatusBadge';

export const NO_ORDERS = 'You have not placed any orders yet.';

/** The order number and where it stands. */
const orderColumn: OrderColumn = {
  label: 'Order',
  className: 'text-nowrap',
  cell: (o) => (
    <>
      {o.orderId}
      <StatusBadge status={o.status} className="ms-2" />
    </>
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
