import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatRupees } from '../../lib/format';
import ReasonDialog, { DialogShell } from './ReasonDialog';
import { useCancelOrderMutation, useConfirmOrderMutation, useRequestReturnMutation } from './ordersApi';
import { RETURN_REASONS, STATUS_LABEL, canCancel, type Order, type ReturnReason } from './types';

/** The order's history, oldest first: who changed it, when and why. */
export function Timeline({ order }: { order: Order }) {
  if (order.history.length === 0) return null;
  return (
    <ol className="order-timeline" data-testid="order-timeline">
      {order.history.map((e, i) => (
        <li key={i}>
          <div className="fw-semibold">{STATUS_LABEL[e.status] ?? e.status}</div>
          <div className="small text-body-secondary">
            {formatDate(e.at)} · {e.by}
          </div>
          {e.note && <div className="small">{e.note}</div>}
        </li>
      ))}
    </ol>
  );
}

/** The courier and the link to follow the parcel. */
export function Tracking({ order }: { order: Order }) {
  const s = order.shipment;
  if (!s) return null;
  return (
    <p className="mb-2" data-testid="tracking">
      Shipped on {formatDate(s.shippedAt)} with <strong>{s.courier}</strong>, tracking number{' '}
      <strong>{s.trackingNumber}</strong>
      {s.trackingUrl && (
        <>
          {' · '}
          <a href={s.trackingUrl} target="_blank" rel="noopener noreferrer">
            Track the parcel
          </a>
        </>
      )}
    </p>
  );
}

const REFUND_STATUS: Record<Order['refunds'][number]['status'], string> = {
  pending: 'Started',
  processing: 'In progress',
  processed: 'Completed',
  failed: 'Failed',
};

/** The order's refunds: amount, status and reference. */
export function Refunds({ order }: { order: Order }) {
  if (order.refunds.length === 0) return null;
  return (
    <ul className="list-unstyled mb-2" data-testid="refunds">
      {order.refunds.map((f) => (
        <li key={f.id} className={f.status === 'failed' && !f.retried ? 'text-danger' : undefined}>
          Refund of <strong>{formatRupees(f.amount)}</strong>: {REFUND_STATUS[f.status]}
          {f.method === 'manual' && f.status === 'pending' && ' (by UPI or bank transfer)'}
          {f.retried && ', tried again'}
          {f.reference && <span className="text-body-secondary"> · reference {f.reference}</span>}
        </li>
      ))}
    </ul>
  );
}

/** The customer's own actions: confirm a COD order, cancel it until it ships, ask to return it. */
export function CustomerActions({ order }: { order: Order }) {
  const [confirmOrder, { isLoading: confirming }] = useConfirmOrderMutation();
  const [cancelOrder, { isLoading: cancelling }] = useCancelOrderMutation();
  const [asking, setAsking] = useState<'cancel' | 'return' | null>(null);
  const run = async (act: () => Promise<unknown>, done: string) => {
    try {
      await act();
      toast.success(done);
      setAsking(null);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const cancellable = canCancel(order, false);
  const returnable = order.status === 'delivered' && order.returns.length === 0;
  if (order.status !== 'awaitingConfirmation' && !cancellable && !returnable) return null;
  return (
    <div className="d-grid gap-2 mt-3 pt-3 border-top">
      {order.status === 'awaitingConfirmation' && (
        <Button variant="success" disabled={confirming} onClick={() => void run(() => confirmOrder(order._id).unwrap(), 'Thank you: your order is confirmed.')}>
          Confirm Order
        </Button>
      )}
      {cancellable && (
        <Button variant="outline-danger" onClick={() => setAsking('cancel')}>
          Cancel Order
        </Button>
      )}
      {returnable && (
        <Button variant="outline-dark" onClick={() => setAsking('return')}>
          Request Return
        </Button>
      )}
      {asking === 'cancel' && (
      <ReasonDialog
        title={`Cancel order ${order.orderId}?`}
        label="Why are you cancelling?"
        confirmLabel="Yes, cancel the order"
        busy={cancelling}
        onConfirm={(reason) => void run(() => cancelOrder({ orderId: order._id, reason }).unwrap(), 'Your order is cancelled.')}
        onClose={() => setAsking(null)}
      >
        <p>
          The items go back on sale.
          {order.isPaid && order.paymentMethod === 'Razorpay' && ` ${formatRupees(order.totalPrice)} is refunded to the account you paid from.`}
        </p>
      </ReasonDialog>
      )}
      {asking === 'return' && <ReturnDialog order={order} onDone={() => setAsking(null)} />}
    </div>
  );
}

/** Which units to send back, and why. */
function ReturnDialog({ order, onDone }: { order: Order; onDone: () => void }) {
  const [requestReturn, { isLoading }] = useRequestReturnMutation();
  const [qty, setQty] = useState(() => order.orderItems.map((it) => it.qty));
  const [reason, setReason] = useState<ReturnReason>('size');
  const items = order.orderItems
    .map((it, i) => ({ product: it.product, size: it.size, qty: qty[i] }))
    .filter((it) => it.qty > 0);
  const submit = async () => {
    try {
      await requestReturn({ orderId: order._id, items, reason }).unwrap();
      toast.success('Your return is requested. We will write to you once it is approved.');
      onDone();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <DialogShell confirmLabel="Request Return" title={`Return from order ${order.orderId}`} busy={isLoading} ready={items.length > 0} onConfirm={() => void submit()} onClose={onDone}>
      {order.orderItems.map((it, i) => (
        <Form.Group key={i} className="d-flex align-items-center justify-content-between gap-2 mb-2" controlId={`return-qty-${i}`}>
          <Form.Label className="mb-0">
            {it.name}, size {it.size}
          </Form.Label>
          <Form.Select
            style={{ width: '5.5rem' }}
            value={qty[i]}
            onChange={(e) => setQty(qty.map((q, j) => (j === i ? Number(e.target.value) : q)))}
          >
            {Array.from({ length: it.qty + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      ))}
      <Form.Group controlId="return-reason" className="mt-3">
        <Form.Label>Reason</Form.Label>
        <Form.Select value={reason} onChange={(e) => setReason(e.target.value as ReturnReason)}>
          {Object.entries(RETURN_REASONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </DialogShell>
  );
}
