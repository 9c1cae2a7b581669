import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatRupees } from '../../lib/format';
import { DateOrCross, ItemAvatars } from './OrderCells';
import { useGetMyOrdersQuery } from './ordersApi';
import './orders.css';

export const NO_ORDERS = 'You have not placed any orders yet.';

/** The profile's My Orders table (SPEC.md §2 profile): the signed-in user's orders, newest first. */
export default function MyOrders() {
  const { data: orders, isLoading, error } = useGetMyOrdersQuery();

  return (
    <section aria-labelledby="my-orders" className="mt-5">
      <h2 id="my-orders" className="page-heading">
        My Orders
      </h2>
      {isLoading ? (
        <Loader />
      ) : error ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : !orders || orders.length === 0 ? (
        <Message>
          {NO_ORDERS} <Link to="/">Start shopping</Link>
        </Message>
      ) : (
        <Table hover size="sm" className="order-table bg-white shadow-sm">
          <thead>
            <tr>
              <th scope="col">Items</th>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col" className="text-end">
                Total
              </th>
              <th scope="col">Paid</th>
              <th scope="col">Delivered</th>
              <th scope="col">
                <span className="visually-hidden">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o._id} data-testid="my-order-row">
                <td data-label="Items">
                  <ItemAvatars items={o.orderItems} />
                </td>
                <td data-label="Order" className="text-nowrap">
                  {o.orderId}
                  {o.status === 'cancelled' && (
                    <Badge bg="secondary" className="ms-2">
                      Cancelled
                    </Badge>
                  )}
                </td>
                <td data-label="Date" className="text-nowrap">
                  {formatDate(o.createdAt)}
                </td>
                <td data-label="Total" className="text-md-end text-nowrap">
                  {formatRupees(o.totalPrice)}
                </td>
                <td data-label="Paid" data-testid="paid-cell">
                  <DateOrCross date={o.isPaid ? o.paidAt : null} missing="Not paid" />
                </td>
                <td data-label="Delivered" data-testid="delivered-cell">
                  <DateOrCross date={o.isDelivered ? o.deliveredDate : null} missing="Not delivered" />
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
    </section>
  );
}
