import type { ReactNode } from 'react';
import { Link } from '../../components/Link';
import Table from 'react-bootstrap/Table';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import { errorMessage } from '../../lib/errors';
import { formatRupees } from '../../lib/format';
import { DateOrCross, DateTime, ItemAvatars } from './OrderCells';
import type { Order } from './types';
import './orders.css';

/** One column of an orders table: its header, and what each order shows in it. */
export interface OrderColumn {
  /** The header, and the label a phone shows beside the value (see orders.css). */
  label: string;
  cell: (order: Order) => ReactNode;
  /** Classes of the column's cells. */
  className?: string;
  /** Classes of the header cell. */
  headClassName?: string;
  testId?: string;
  /**
   * The row's actions: the header is for screen readers only, and a phone shows the cell without a
   * label, below the others.
   */
  actions?: boolean;
}

/** The columns the order lists share. */
export const orderColumns = {
  /** The order number, bold. */
  number: { label: 'Order', className: 'text-nowrap fw-semibold', cell: (o) => o.orderId },
  /** The customer's name under a list's own heading ("User", "Customer"). */
  customer: (label: string): OrderColumn => ({ label, className: 'text-break', cell: (o) => o.user.name }),
  items: { label: 'Items', cell: (o) => <ItemAvatars items={o.orderItems} /> },
  placed: { label: 'Date', cell: (o) => <DateTime date={o.createdAt} /> },
  /** The total; `below` adds a line under it. */
  total: (below?: (o: Order) => ReactNode): OrderColumn => ({
    label: 'Total',
    headClassName: 'text-end',
    className: 'text-md-end text-nowrap',
    cell: (o) =>
      below ? (
        <span>
          {formatRupees(o.totalPrice)}
          <span className="d-block small text-body-secondary">{below(o)}</span>
        </span>
      ) : (
        formatRupees(o.totalPrice)
      ),
  }),
  paid: {
    label: 'Paid',
    testId: 'paid-cell',
    cell: (o) => <DateOrCross date={o.isPaid ? o.paidAt : null} missing="Not paid" />,
  },
  delivered: {
    label: 'Delivered',
    testId: 'delivered-cell',
    cell: (o) => <DateOrCross date={o.isDelivered ? o.deliveredDate : null} missing="Not delivered" />,
  },
  details: {
    label: 'Details',
    actions: true,
    className: 'text-end order-table__actions',
    cell: (o) => (
      <Link to={`/order/${encodeURIComponent(o._id)}`} className="btn btn-outline-dark btn-sm" aria-label={`Details of order ${o.orderId}`}>
        Details
      </Link>
    ),
  },
} satisfies Record<string, OrderColumn | ((...args: never[]) => OrderColumn)>;

interface OrdersTableProps {
  /** The list's query: its orders once loaded, or why they did not load. */
  query: { data?: Order[]; isLoading: boolean; error?: unknown };
  columns: OrderColumn[];
  /** What to say when there are no orders. */
  empty: ReactNode;
  rowTestId: string;
  rowClassName?: (order: Order) => string | undefined;
}

/**
 * A list of orders (My Orders, the admin's orders, the pre-orders): a table on a wide screen, a card
 * per order on a phone. Shows a spinner while loading, the error if the list did not load, and
 * `empty` when there is nothing to list.
 */
export default function OrdersTable({ query, columns, empty, rowTestId, rowClassName }: OrdersTableProps) {
  const { data: orders, isLoading, error } = query;
  if (isLoading) return <Loader />;
  if (error) return <Message variant="danger">{errorMessage(error)}</Message>;
  if (!orders || orders.length === 0) return <Message>{empty}</Message>;
  return (
    <Table hover size="sm" className="order-table bg-white shadow-sm">
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.label} scope="col" className={c.headClassName}>
              {c.actions ? <span className="visually-hidden">{c.label}</span> : c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o._id} data-testid={rowTestId} className={rowClassName?.(o)}>
            {columns.map((c) => (
              <td key={c.label} data-label={c.actions ? undefined : c.label} className={c.className} data-testid={c.testId}>
                {c.cell(o)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
