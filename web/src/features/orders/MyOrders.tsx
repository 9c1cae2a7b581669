import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import { useGetMyOrdersQuery } from './ordersApi';
import OrdersTable, { orderColumns, type OrderColumn } from './OrdersTable';

export const NO_ORDERS = 'You have not placed any orders yet.';

/** The order number, and whether the order was cancelled (a customer's list has no status column). */
const orderColumn: OrderColumn = {
  label: 'Order',
  className: 'text-nowrap',
  cell: (o) => (
    <>
      {o.orderId}
      {o.status === 'cancelled' && (
        <Badge bg="secondary" className="ms-2">
          Cancelled
        </Badge>
      )}
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

/** The profile's My Orders table (SPEC.md §2 profile): the signed-in user's orders, newest first. */
export default function MyOrders() {
  const orders = useGetMyOrdersQuery();
  return (
    <section aria-labelledby="my-orders" className="mt-5">
      <h2 id="my-orders" className="page-heading">
        My Orders
      </h2>
      <OrdersTable
        query={orders}
        columns={columns}
        rowTestId="my-order-row"
        empty={
          <>
            {NO_ORDERS} <Link to="/">Start shopping</Link>
          </>
        }
      />
    </section>
  );
}
