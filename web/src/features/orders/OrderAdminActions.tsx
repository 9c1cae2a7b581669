import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { FaCheckCircle } from 'react-icons/fa';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/errors';
import { ORDER_MESSAGES } from '../../lib/orderMessages';
import { useDeliverOrderMutation, usePayOrderMutation } from './ordersApi';
import { canMarkDelivered, canMarkPaid, type Order } from './types';

/** Payment Received and Mark As Delivered, for admins, each only when it applies (SPEC.md §4). */
export default function OrderAdminActions({ order }: { order: Order }) {
  const [payOrder, { isLoading: paying }] = usePayOrderMutation();
  const [deliverOrder, { isLoading: delivering }] = useDeliverOrderMutation();

  const markPaid = async () => {
    try {
      await payOrder({
        orderId: order._id,
        details: { source: 'admin', method: order.paymentMethod, receivedAt: new Date().toISOString() },
      }).unwrap();
      toast.success(ORDER_MESSAGES.markedPaid);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  const markDelivered = async () => {
    try {
      await deliverOrder(order._id).unwrap();
      toast.success(ORDER_MESSAGES.delivered);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  const showPay = canMarkPaid(order);
  const showDeliver = canMarkDelivered(order);
  if (!showPay && !showDeliver) {
    return order.isDelivered ? (
      <p className="small text-success mt-3 mb-0">
        <FaCheckCircle className="me-1" aria-hidden="true" />
        Nothing left to do: paid and delivered.
      </p>
    ) : null;
  }
  return (
    <div className="d-grid gap-2 mt-3 pt-3 border-top">
      <div className="order-section__eyebrow">Admin</div>
      {showPay && (
        <Button variant="dark" onClick={() => void markPaid()} disabled={paying}>
          {paying && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Payment Received
        </Button>
      )}
      {showDeliver && (
        <Button variant="dark" onClick={() => void markDelivered()} disabled={delivering}>
          {delivering && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Mark As Delivered
        </Button>
      )}
    </div>
  );
}
