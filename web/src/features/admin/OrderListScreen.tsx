import { type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Paginate from '../../components/Paginate';
import PageTitle from '../../components/PageTitle';
import {
  orderColumns,
  OrdersTable,
  STATUS_LABEL,
  StatusBadge,
  productionDate,
  retryableRefund,
  useGetOrdersQuery,
  type Order,
  type OrderColumn,
  type OrderListQuery,
} from '../orders';
import type { AppPath } from '../../components/Link';

function StatusBadges({ order }: { order: Order }) {
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      <StatusBadge status={order.status} />
      {order.paymentFlagged && (
        <Badge bg="warning" text="dark" title="A payment arrived after the order expired: refund it or restore the order">
          Payment flagged
        </Badge>
      )}
      {order.refunds.some(retryableRefund) && (
        <Badge bg="danger" title="The payment gateway failed the refund: try it again from the order's page">
          Refund failed
        </Badge>
      )}
      {order.isPreOrder && (
        <Badge bg="info" text="dark" data-testid="pre-order-badge">
          {order.mfgDate ? `Pre-order · made ${productionDate(order.mfgDate)}` : 'Pre-order · to make'}
        </Badge>
      )}
    </span>
  );
}

const columns: OrderColumn[] = [
  orderColumns.number,
  { label: 'Customer', className: 'order-table__customer', cell: (o) => o.user.name },
  orderColumns.placed,
  orderColumns.total((o) => (o.paymentMethod === 'COD' ? 'COD' : 'Online')),
  orderColumns.paid,
  orderColumns.delivered,
  { label: 'Status', cell: (o) => <StatusBadges order={o} /> },
  orderColumns.details,
];

type FilterName = 'status' | 'from' | 'to' | 'q';

/** /admin/orderlist: the orders, newest first, filtered and a page at a time, for admins (SPEC.md §2, issue 19). */
export default function OrderListScreen() {
  const [params, setParams] = useSearchParams();
  const filter: OrderListQuery = {
    pageNumber: Math.max(1, Number(params.get('pageNumber')) || 1),
    status: (params.get('status') ?? '') as OrderListQuery['status'],
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    q: params.get('q') ?? '',
  };
  const query = useGetOrdersQuery(filter);
  const needs = query.data?.needsAction;

  const apply = (changes: Partial<Record<FilterName, string>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    next.delete('pageNumber');
    setParams(next);
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    apply({ q: String(f.get('q') ?? '').trim(), status: String(f.get('status') ?? ''), from: String(f.get('from') ?? ''), to: String(f.get('to') ?? '') });
  };
  const hrefFor = (n: number): AppPath => {
    const next = new URLSearchParams(params);
    next.set('pageNumber', String(n));
    return `/admin/orderlist?${next.toString()}`;
  };

  return (
    <>
      <PageTitle title="Orders" />
      <h1 className="page-heading">Orders</h1>
      {needs && (
        <div className="d-flex flex-wrap gap-2 mb-3" data-testid="needs-action">
          <NeedsButton label="To confirm" count={needs.awaitingConfirmation} onClick={() => apply({ status: 'awaitingConfirmation' })} />
          <NeedsButton label="To ship" count={needs.toShip} onClick={() => apply({ status: 'toShip' })} />
          <NeedsButton label="Returns to decide" count={needs.returnRequested} onClick={() => apply({ status: 'returnRequested' })} />
          <NeedsButton label="Refunds failed" count={needs.refundFailed} onClick={() => apply({ status: 'refundFailed' })} />
        </div>
      )}
      <Form className="order-filters mb-3" onSubmit={onSubmit} key={params.toString()} aria-label="Filter orders">
        <Form.Group controlId="order-q">
          <Form.Label className="small mb-1">Order number or customer</Form.Label>
          <Form.Control name="q" type="search" defaultValue={filter.q} placeholder="100123 or Asha" />
        </Form.Group>
        <Form.Group controlId="order-status">
          <Form.Label className="small mb-1">Status</Form.Label>
          <Form.Select name="status" defaultValue={filter.status}>
            <option value="">Any</option>
            <option value="toShip">To ship</option>
            <option value="refundFailed">Refund failed</option>
            {Object.entries(STATUS_LABEL).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="order-from">
          <Form.Label className="small mb-1">From</Form.Label>
          <Form.Control name="from" type="date" defaultValue={filter.from} />
        </Form.Group>
        <Form.Group controlId="order-to">
          <Form.Label className="small mb-1">To</Form.Label>
          <Form.Control name="to" type="date" defaultValue={filter.to} />
        </Form.Group>
        <div className="d-flex gap-2 align-items-end">
          <Button type="submit" variant="dark">
            Filter
          </Button>
          <Button variant="outline-secondary" onClick={() => setParams(new URLSearchParams())}>
            Clear
          </Button>
        </div>
      </Form>
      {query.data && (
        <p className="small text-body-secondary" data-testid="order-count">
          {query.data.total} {query.data.total === 1 ? 'order' : 'orders'}
        </p>
      )}
      <OrdersTable
        query={{ ...query, data: query.data?.orders }}
        columns={columns}
        empty="No orders match."
        rowTestId="admin-order-row"
        rowClassName={(o) => (o.paymentFlagged ? 'table-warning' : undefined)}
      />
      <Paginate pages={query.data?.pages ?? 1} page={filter.pageNumber ?? 1} hrefFor={hrefFor} />
    </>
  );
}

function NeedsButton({ label, count, onClick }: { label: string; count: number; onClick: () => void }) {
  return (
    <Button variant={count > 0 ? 'outline-dark' : 'outline-secondary'} size="sm" onClick={onClick}>
      {label}{' '}
      <Badge bg={count > 0 ? 'danger' : 'secondary'} pill>
        {count}
      </Badge>
    </Button>
  );
}
