import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { toast } from 'react-toastify';
import TestModeBanner from '../../components/TestModeBanner';
import { useBrandName, useGetConfigQuery } from '../../lib/config';
import { errorMessage, serverMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { openCheckout, prefillFrom } from '../../lib/razorpay';
import { ORDER_MESSAGES } from '../../lib/orderMessages';
import { useStartOrderPaymentMutation, useVerifyOrderPaymentMutation } from './ordersApi';
import type { Order } from './types';

/** Pays an unpaid online order again from its page, through the payment widget. */
export default function OrderPayment({ order }: { order: Order }) {
  const brand = useBrandName();
  const { data: config } = useGetConfigQuery();
  const [startPayment] = useStartOrderPaymentMutation();
  const [verifyPayment] = useVerifyOrderPaymentMutation();
  const [busy, setBusy] = useState(false);

  const pay = async () => {
    if (!config) return;
    setBusy(true);
    try {
      const start = await startPayment(order._id).unwrap();
      const result = await openCheckout(config.payment.checkoutScript, {
        key: start.key,
        orderId: start.razorpayOrderId,
        amount: start.amount,
        name: brand,
        description: `Order ${order.orderId}`,
        prefill: prefillFrom(order.shippingAddress),
      });
      if (result.kind === 'failed') {
        toast.error(`Error: ${result.description}`);
      } else if (result.kind === 'paid') {
        try {
          const verified = await verifyPayment({ ...result.payment, orderId: order._id }).unwrap();
          toast.success(verified.message || ORDER_MESSAGES.paymentSuccess);
        } catch (err) {
          toast.error(serverMessage(err) ?? ORDER_MESSAGES.verificationFailed);
        }
      }
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const button = (
    <Button variant="accent" size="lg" className="w-100 mt-3" onClick={() => void pay()} disabled={busy || !config}>
      {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
      Pay Now
    </Button>
  );
  return (
    <>
      {button}
      {order.paymentDueAt && (
        <p className="small text-body-secondary text-center mt-2 mb-0">Pay by {formatDate(order.paymentDueAt)} to keep your items.</p>
      )}
      <TestModeBanner className="mt-2" />
    </>
  );
}
