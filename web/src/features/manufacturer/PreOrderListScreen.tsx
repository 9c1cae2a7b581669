import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import Spinner from 'react-bootstrap/Spinner';
import { FaCheck, FaIndustry } from 'react-icons/fa';
import { toast } from 'react-toastify';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import PageTitle from '../config/PageTitle';
import { useGetPreOrdersQuery, useMarkManufacturedMutation } from '../orders/ordersApi';
import { productionDate, type Order } from '../orders/types';
import '../orders/orders.css';

export const confirmMark = (orderId: string) =>
  `Are you sure the production of order ${orderId} is complete? This cannot be undone.`;

/** SPEC.md §8: a failed mark may still have set the date on the server. */
export const MARK_FAILED =
  'The manufacturing date may have been updated on the backend anyway: please report this to the admin.';

export const marked = (orderId: string) => `Production of order ${orderId} marked complete.`;

/** /manufacturer/preorderlist: orders holding pre-order items, oldest first (SPEC.md §2, §4). */
export default function PreOrderListScreen() {
  const { data: orders, isLoading, error } = useGetPreOrdersQuery();
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

  return (
    <>
      <PageTitle title="Pre-orders" />
      <h1 className="page-heading">Pre-orders</h1>
      {isLoading ? (
        <Loader />
      ) : error ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : !orders || orders.length === 0 ? (
        <Message>No pre-orders to make right now.</Message>
      ) : (
        <Table hover size="sm" className="order-table bg-white shadow-sm">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Items</th>
              <th scope="col">Customer</th>
              <th scope="col">Production</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => {
              const items = o.orderItems.filter((it) => it.preOrder);
              return (
                <tr key={o._id} data-testid="preorder-row">
                  <td data-label="Order" className="text-nowrap fw-semibold">
                    {o.orderId}
                  </td>
                  <td data-label="Date" className="text-nowrap">
                    {formatDate(o.createdAt)}
                  </td>
                  <td data-label="Items">
                    <ul className="preorder-items">
                      {(items.length ? items : o.orderItems).map((it, i) => (
                        <li key={i}>
                          <span className="fw-semibold">{it.name}</span> × {it.qty}
                          <span className="d-block small text-body-secondary">
                            <span className="text-capitalize">{it.variantColor}</span> · Size {it.size}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td data-label="Customer" className="text-break">
                    {o.user.name}
                  </td>
                  <td data-label="Production" data-testid="production-cell">
                    {o.mfgDate ? (
                      <span className="text-success">
                        <FaCheck className="me-1" aria-hidden="true" />
                        Manufactured on <span data-testid="mfg-date" className="text-nowrap">{productionDate(o.mfgDate)}</span>
                      </span>
                    ) : (
                      <Button
                        variant="accent"
                        size="sm"
                        className="text-nowrap"
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
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </>
  );
}
