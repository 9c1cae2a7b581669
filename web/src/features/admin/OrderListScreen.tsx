import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatRupees } from '../../lib/format';
import PageTitle from '../config/PageTitle';
import { DateOrCross } from '../orders/OrderCells';
import { useGetOrdersQuery } from '../orders/ordersApi';
import type { Order } from '../orders/types';
import '../orders/orders.css';

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

/** /admin/orderlist: every order, newest first, for admins (SPEC.md §2 admin lists). */
export default function OrderListScreen() {
  const { data: orders, isLoading, error } = useGetOrdersQuery();

  return (
    <>
      <PageTitle title="Orders" />
      <h1 className="page-heading">Orders</h1>
      {isLoading ? (
        <Loader />
      ) : error ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : !orders || orders.length === 0 ? (
        <Message>No orders yet.</Message>
      ) : (
        <Table hover size="sm" className="order-table bg-white shadow-sm">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">User</th>
              <th scope="col">Date</th>
              <th scope="col" className="text-end">
                Total
              </th>
              <th scope="col">Paid</th>
              <th scope="col">Delivered</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o._id} data-testid="admin-order-row" className={o.paymentFlagged ? 'table-warning' : undefined}>
                <td data-label="Order" className="text-nowrap fw-semibold">
                  {o.orderId}
                </td>
                <td data-label="User" className="text-break">
                  {o.user.name}
                </td>
                <td data-label="Date" className="text-nowrap">
                  {formatDate(o.createdAt)}
                </td>
                <td data-label="Total" className="text-md-end text-nowrap">
                  <span>
                    {formatRupees(o.totalPrice)}
                    <span className="d-block small text-body-secondary">{o.paymentMethod === 'COD' ? 'COD' : 'Online'}</span>
                  </span>
                </td>
                <td data-label="Paid" data-testid="paid-cell">
                  <DateOrCross date={o.isPaid ? o.paidAt : null} missing="Not paid" />
                </td>
                <td data-label="Delivered" data-testid="delivered-cell">
                  <DateOrCross date={o.isDelivered ? o.deliveredDate : null} missing="Not delivered" />
                </td>
                <td data-label="Status">
                  <StatusBadges order={o} />
                </td>
                <td className="text-end order-table__actions">
                  <Link
                    to={`/order/${encodeURIComponent(o._id)}`}
                    className="btn btn-outline-dark btn-sm"
                    aria-label={`Details of order ${o.orderId}`}
                  >
                    Details
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
