import Badge from 'react-bootstrap/Badge';
import PageTitle from '../../components/PageTitle';
import { orderColumns, OrdersTable, useGetOrdersQuery, type Order, type OrderColumn } from '../orders';

function StatusBadges({ order }: { order: Order }) {
  const badges = [];
  if (order.status === 'cancelled') badges.push(<Badge key="c" bg="secondary">Cancelled</Badge>);
  if (order.paymentFlagged)
    badges.push(
      <Badge key="f" bg="warning" text="dark" title="A payment arrived after the order expired: refund it or restore the order">
        Payment flagged
      </Badge>,
    );
  if (order.isPreOrder) badges.push(<Badge key="p" bg="info" text="dark">Pre-order</Badge>);
  if (badges.length === 0) return <span className="text-body-secondary">Placed</span>;
  return <span className="d-inline-flex flex-wrap gap-1 justify-content-end">{badges}</span>;
}

const statusColumn: OrderColumn = { label: 'Status', cell: (o) => <StatusBadges order={o} /> };

const columns = [
  orderColumns.number,
  orderColumns.customer('User'),
  orderColumns.placed,
  orderColumns.total((o) => (o.paymentMethod === 'COD' ? 'COD' : 'Online')),
  orderColumns.paid,
  orderColumns.delivered,
  statusColumn,
  orderColumns.details,
];

/** /admin/orderlist: every order, newest first, for admins (SPEC.md §2 admin lists). */
export default function OrderListScreen() {
  const orders = useGetOrdersQuery();
  return (
    <>
      <PageTitle title="Orders" />
      <h1 className="page-heading">Orders</h1>
      <OrdersTable
        query={orders}
        columns={columns}
        empty="No orders yet."
        rowTestId="admin-order-row"
        rowClassName={(o) => (o.paymentFlagged ? 'table-warning' : undefined)}
      />
    </>
  );
}
