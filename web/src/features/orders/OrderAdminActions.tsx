import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { FaCheckCircle } from 'react-icons/fa';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/errors';
import { ORDER_MESSAGES } from '../../lib/orderMessages';
import ReasonDialog, { DialogShell } from './ReasonDialog';
import {
  useCancelOrderMutation,
  useConfirmOrderMutation,
  useDecideReturnMutation,
  useDeliverOrderMutation,
  usePayOrderMutation,
  useRecordRefundMutation,
  useRetryRefundMutation,
  useShipOrderMutation,
} from './ordersApi';
import { canCancel, canMarkDelivered, canMarkPaid, canShip, retryableRefund, type Order } from './types';

type Dialog = 'ship' | 'cancel' | 'reject' | 'refund' | null;

/**
 * The admin's buttons of an order, each only when it applies: Payment Received and Mark As
 * Delivered (SPEC.md §4), Confirm (after a phone call), Ship, Cancel, the return's steps, the
 * reference of a refund made by hand, and another try of a refund the gateway failed (issue 19).
 */
export default function OrderAdminActions({ order }: { order: Order }) {
  const [payOrder, { isLoading: paying }] = usePayOrderMutation();
  const [deliverOrder, { isLoading: delivering }] = useDeliverOrderMutation();
  const [confirmOrder, { isLoading: confirming }] = useConfirmOrderMutation();
  const [cancelOrder, { isLoading: cancelling }] = useCancelOrderMutation();
  const [decideReturn, { isLoading: deciding }] = useDecideReturnMutation();
  const [recordRefund, { isLoading: recording }] = useRecordRefundMutation();
  const [retryRefund, { isLoading: retrying }] = useRetryRefundMutation();
  const [dialog, setDialog] = useState<Dialog>(null);

  const run = async (act: () => Promise<unknown>, done: string) => {
    try {
      await act();
      toast.success(done);
      setDialog(null);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  const ret = order.returns[0];
  const manualRefund = order.refunds.find((f) => f.method === 'manual' && f.status === 'pending');
  const failedRefund = order.refunds.find(retryableRefund);
  const buttons = [
    order.status === 'awaitingConfirmation' && (
      <Button key="confirm" variant="success" disabled={confirming} onClick={() => void run(() => confirmOrder(order._id).unwrap(), 'Order confirmed.')}>
        Confirm (by phone)
      </Button>
    ),
    canShip(order) && (
      <Button key="ship" variant="dark" onClick={() => setDialog('ship')}>
        Ship
      </Button>
    ),
    canMarkPaid(order) && (
      <Button
        key="pay"
        variant="dark"
        disabled={paying}
        onClick={() =>
          void run(
            () => payOrder({ orderId: order._id, details: { source: 'admin', method: order.paymentMethod, receivedAt: new Date().toISOString() } }).unwrap(),
            ORDER_MESSAGES.markedPaid,
          )
        }
      >
        {paying && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        Payment Received
      </Button>
    ),
    canMarkDelivered(order) && (
      <Button key="deliver" variant="dark" disabled={delivering} onClick={() => void run(() => deliverOrder(order._id).unwrap(), ORDER_MESSAGES.delivered)}>
        {delivering && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        Mark As Delivered
      </Button>
    ),
    ret?.status === 'requested' && (
      <Button key="approve" variant="dark" disabled={deciding} onClick={() => void run(() => decideReturn({ orderId: order._id, decision: 'approve', note: '' }).unwrap(), 'Return approved.')}>
        Approve Return
      </Button>
    ),
    ret?.status === 'requested' && (
      <Button key="reject" variant="outline-danger" onClick={() => setDialog('reject')}>
        Reject Return
      </Button>
    ),
    ret?.status === 'approved' && (
      <Button key="received" variant="dark" disabled={deciding} onClick={() => void run(() => decideReturn({ orderId: order._id, decision: 'received', note: '' }).unwrap(), 'Return received: stock is back.')}>
        Mark Received
      </Button>
    ),
    manualRefund && (
      <Button key="refund" variant="dark" onClick={() => setDialog('refund')}>
        Enter Refund
      </Button>
    ),
    failedRefund && (
      <Button
        key="retry-refund"
        variant="dark"
        disabled={retrying}
        onClick={() => void run(() => retryRefund({ orderId: order._id, refundId: failedRefund.id }).unwrap(), 'Refund sent again.')}
      >
        {retrying && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        Retry Refund
      </Button>
    ),
    canCancel(order, true) && (
      <Button key="cancel" variant="outline-danger" onClick={() => setDialog('cancel')}>
        Cancel Order
      </Button>
    ),
  ].filter(Boolean);

  if (buttons.length === 0) {
    return order.isDelivered ? (
      <p className="small text-success mt-3 mb-0">
        <FaCheckCircle className="me-1" aria-hidden="true" />
        Nothing left to do.
      </p>
    ) : null;
  }
  return (
    <div className="d-grid gap-2 mt-3 pt-3 border-top">
      <div className="order-section__eyebrow">Admin</div>
      {buttons}
      {dialog === 'ship' && <ShipDialog order={order} onDone={() => setDialog(null)} />}
      {dialog === 'cancel' && (
        <ReasonDialog
          title={`Cancel order ${order.orderId}?`}
          label="Reason (the customer is told)"
          confirmLabel="Yes, cancel the order"
          busy={cancelling}
          onConfirm={(reason) => void run(() => cancelOrder({ orderId: order._id, reason }).unwrap(), 'Order cancelled.')}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'reject' && (
        <ReasonDialog
          title="Reject the return?"
          label="Why (the customer is told)"
          confirmLabel="Reject Return"
          busy={deciding}
          onConfirm={(note) => void run(() => decideReturn({ orderId: order._id, decision: 'reject', note }).unwrap(), 'Return rejected.')}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'refund' && manualRefund && (
        <ReasonDialog
          title="Refund made by hand"
          label="UPI reference or bank transfer note"
          confirmLabel="Save Refund"
          variant="dark"
          busy={recording}
          onConfirm={(reference) =>
            void run(() => recordRefund({ orderId: order._id, refundId: manualRefund.id, reference }).unwrap(), 'Refund recorded.')
          }
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

/** The courier, the tracking number and the link the customer follows. */
function ShipDialog({ order, onDone }: { order: Order; onDone: () => void }) {
  const [shipOrder, { isLoading }] = useShipOrderMutation();
  const [f, setF] = useState({ courier: '', trackingNumber: '', trackingUrl: '' });
  const field = (name: keyof typeof f, label: string, type = 'text') => (
    <Form.Group controlId={`ship-${name}`} className="mb-2">
      <Form.Label>{label}</Form.Label>
      <Form.Control type={type} value={f[name]} onChange={(e) => setF({ ...f, [name]: e.target.value })} />
    </Form.Group>
  );
  const submit = async () => {
    try {
      await shipOrder({ orderId: order._id, ...f }).unwrap();
      toast.success('Order shipped: the customer is mailed the tracking link.');
      onDone();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <DialogShell title={`Ship order ${order.orderId}`} confirmLabel="Ship" busy={isLoading} ready={f.courier.trim() !== '' && f.trackingNumber.trim() !== ''} onConfirm={() => void submit()} onClose={onDone}>
      {field('courier', 'Courier')}
      {field('trackingNumber', 'Tracking number')}
      {field('trackingUrl', 'Tracking link', 'url')}
    </DialogShell>
  );
}
