import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useAppDispatch } from '../../lib/hooks';
import CheckoutSteps from '../../components/CheckoutSteps';
import Message from '../../components/Message';
import { districtsOf } from '../../lib/districts';
import { formatRupees } from '../../lib/format';
import type { PaymentMethod } from '../../lib/pricing';
import { isCompleteAddress, paymentLimitProblem, validPinCode } from '../../lib/validation';
import { savePaymentMethod, updateBuyingItemPaymentMethod } from '../cart';
import { useGetConfigQuery } from '../../lib/config';
import PageTitle from '../../components/PageTitle';
import TestModeBanner from '../../components/TestModeBanner';
import '../../components/checkout.css';
import { useCheckout } from './useCheckout';
import { useGetDeliveryQuery } from '../delivery';

const rupees = (paise: number) => formatRupees(paise / 100);

export const PAYMENT_LABELS = {
  onlineOff: 'Online payment is not available in this shop right now. Please choose Cash on Delivery.',
  noMethod:
    'This order is above the limits of both payment methods. Please remove some items, or split it into smaller orders.',
} as const;

/** The payment step (SPEC.md §2, §5, §9): online (Razorpay) or cash on delivery, within their limits. */
export default function PaymentScreen() {
  const checkout = useCheckout();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const { data: config } = useGetConfigQuery();
  // Until the shop's settings arrive, online payment is assumed on, as it is in most shops.
  const onlineOff = config?.payment.online === false;
  const online = checkout.pricesWith('Razorpay');
  const cod = checkout.pricesWith('COD');
  // Why each method is not offered, or null when it is.
  // Where the shop does not deliver, or takes no cash on delivery, the server's reason says so.
  const pin = checkout.shippingAddress.pinCode ?? '';
  const { data: delivery } = useGetDeliveryQuery(pin, { skip: !validPinCode(pin) });
  const unserved = delivery && !delivery.serviceable ? delivery.message : null;
  const refused: Record<PaymentMethod, string | null> = {
    Razorpay: unserved ?? (onlineOff ? PAYMENT_LABELS.onlineOff : paymentLimitProblem(online, 'Razorpay')),
    COD: unserved ?? (delivery && !delivery.cod ? delivery.message : paymentLimitProblem(cod, 'COD')),
  };
  const allowed: Record<PaymentMethod, boolean> = { Razorpay: refused.Razorpay === null, COD: refused.COD === null };
  // The customer's pick, else the saved method, else whichever is allowed: worked out on every
  // render, so settings that arrive later move the choice off a method that is not offered.
  const [picked, setPicked] = useState<PaymentMethod | null>(null);
  const preferred = picked ?? checkout.paymentMethod;
  const chosen: PaymentMethod | '' = allowed[preferred]
    ? preferred
    : allowed.Razorpay
      ? 'Razorpay'
      : allowed.COD
        ? 'COD'
        : '';

  if (!isCompleteAddress(checkout.shippingAddress, districtsOf)) return <Navigate to="/shipping" replace />;

  const preOrder = checkout.buyingItem?.actionItem === 'preOrder';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    if (checkout.buyingItem) dispatch(updateBuyingItemPaymentMethod(chosen));
    else dispatch(savePaymentMethod(chosen));
    navigate('/placeorder');
  };

  return (
    <div className="checkout-page">
      <PageTitle title="Payment Method" />
      <CheckoutSteps current={3} />
      <Card className="checkout-card shadow-sm">
        <Card.Body>
          <h1 className="checkout-card__title">Payment Method</h1>
          {unserved && <Message variant="danger">{unserved}</Message>}
          {!onlineOff && !unserved && !allowed.Razorpay && !allowed.COD && (
            <Message variant="warning">{PAYMENT_LABELS.noMethod}</Message>
          )}
          <Form noValidate onSubmit={submit}>
            <fieldset className="checkout-fieldset">
              <legend>Select Method</legend>
              <div className={`payment-option${chosen === 'Razorpay' ? ' is-chosen' : ''}${allowed.Razorpay ? '' : ' is-disabled'}`}>
                <Form.Check
                  type="radio"
                  id="pay-razorpay"
                  name="paymentMethod"
                  value="Razorpay"
                  checked={chosen === 'Razorpay'}
                  disabled={!allowed.Razorpay}
                  onChange={() => setPicked('Razorpay')}
                  aria-describedby="pay-razorpay-help"
                  label={
                    <>
                      <span className="payment-option__name">Razorpay</span>
                      <span className="payment-option__sub">Card, UPI, Netbanking, Wallet</span>
                    </>
                  }
                />
                <div id="pay-razorpay-help" className="payment-option__help">
                  {allowed.Razorpay ? (
                    <>
                      Get a <strong>10% additional discount</strong> on the items ({rupees(online.discount)} off). A 3%
                      secure transaction fee ({rupees(online.secureFee)}) applies, and shipping is free. You pay{' '}
                      <strong>{rupees(online.total)}</strong>.
                    </>
                  ) : (
                    <span className="text-danger">{refused.Razorpay}</span>
                  )}
                  {allowed.Razorpay && <TestModeBanner className="mt-2" />}
                </div>
              </div>
              <div className={`payment-option${chosen === 'COD' ? ' is-chosen' : ''}${allowed.COD ? '' : ' is-disabled'}`}>
                <Form.Check
                  type="radio"
                  id="pay-cod"
                  name="paymentMethod"
                  value="COD"
                  checked={chosen === 'COD'}
                  disabled={!allowed.COD}
                  onChange={() => setPicked('COD')}
                  aria-describedby="pay-cod-help"
                  label={
                    <>
                      <span className="payment-option__name">Cash on Delivery</span>
                      <span className="payment-option__sub">For orders of less than 10,000</span>
                    </>
                  }
                />
                <div id="pay-cod-help" className="payment-option__help">
                  {allowed.COD ? (
                    <>
                      Pay when the parcel arrives.{' '}
                      {cod.shipping > 0 ? `Shipping is ${rupees(cod.shipping)} for orders under ₹400. ` : ''}
                      {preOrder ? `A 5% pre-order fee (${rupees(cod.preOrderFee)}) applies to a cash-on-delivery pre-order. ` : ''}
                      You pay <strong>{rupees(cod.total)}</strong>.
                    </>
                  ) : (
                    <span className="text-danger">{refused.COD}</span>
                  )}
                </div>
              </div>
            </fieldset>
            <Button type="submit" variant="accent" size="lg" className="w-100" disabled={!chosen}>
              Continue
            </Button>
          </Form>
        </Card.Body>
      </Card>
    </div>
  );
}
