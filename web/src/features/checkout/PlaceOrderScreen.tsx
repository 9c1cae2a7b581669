import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { FaTshirt } from 'react-icons/fa';
import { toast } from 'react-toastify';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useAppDispatch } from '../../app/hooks';
import CheckoutSteps from '../../components/CheckoutSteps';
import Message from '../../components/Message';
import { errorMessage } from '../../lib/errors';
import { districtsOf } from '../../lib/districts';
import { formatRupees } from '../../lib/format';
import { ORDER_MESSAGES } from '../../lib/orderMessages';
import { toPaise, type PaymentMethod } from '../../lib/pricing';
import { openCheckout, type WidgetResult } from '../../lib/razorpay';
import { isCompleteAddress, paymentLimitProblem } from '../../lib/validation';
import { refreshBuyingItem, removeBuyingItem } from '../auth/authSlice';
import { lineLabel, lineLink } from '../cart/lines';
import { clearCartItems, refreshCartLines, type CartItem, type ShippingAddress } from '../cart/cartSlice';
import { CART_MESSAGES } from '../cart/quantity';
import { productsApi } from '../catalog/productsApi';
import type { Product } from '../catalog/types';
import { useBrandName, useGetConfigQuery } from '../config/configApi';
import PageTitle from '../config/PageTitle';
import TestModeBanner from '../config/TestModeBanner';
import {
  newIdempotencyKey,
  useConfirmOnlinePaymentMutation,
  usePlaceOrderMutation,
  useVerifyCartStockMutation,
  type NewOrder,
} from './checkoutApi';
import './checkout.css';
import { PAYMENT_LABELS } from './PaymentScreen';
import { useCheckout } from './useCheckout';

export const METHOD_NAMES: Record<PaymentMethod, string> = {
  Razorpay: 'Razorpay (Card, UPI, Netbanking, Wallet)',
  COD: 'Cash on Delivery',
};

/** Where an incomplete checkout belongs: an address first, then a payment method. */
export function checkoutRedirect(address: Partial<ShippingAddress>, method: string | undefined): string | null {
  if (!isCompleteAddress(address, districtsOf)) return '/shipping';
  if (method !== 'Razorpay' && method !== 'COD') return '/payment';
  return null;
}

type OrderError = { kind: 'stock' | 'price' | 'other'; message: string };

const money = (s: string) => formatRupees(Number(s));

function ItemRow({ item, preOrder, issue }: { item: CartItem; preOrder: boolean; issue?: string }) {
  const image = item.variant.images[0];
  return (
    <ListGroup.Item as="li" className="order-line" data-testid="order-line">
      <div className="order-line__body">
        <span className="order-line__image">
          {image ? <img src={image} alt="" width={64} height={64} loading="lazy" /> : <FaTshirt aria-hidden="true" />}
        </span>
        <div className="order-line__info">
          <Link to={lineLink(item)}>{item.name}</Link>
          <div className="small text-body-secondary">
            <span className="text-capitalize">{item.variant.variantName}</span> · Size {item.variant.size.size}
            {preOrder && (
              <Badge bg="warning" text="dark" className="ms-2">
                Pre-order
              </Badge>
            )}
          </div>
        </div>
        <div className="order-line__amount">
          {item.qty} × {formatRupees(item.price)} = <strong>{formatRupees((toPaise(item.price) * item.qty) / 100)}</strong>
        </div>
      </div>
      {issue && (
        <p className="text-danger small mb-0 mt-2" role="alert">
          {lineLabel(item)}: {issue} {CART_MESSAGES.removeAndAdd}
        </p>
      )}
    </ListGroup.Item>
  );
}

/** The last checkout step (SPEC.md §2, §4, §8): review everything, then place the order and pay. */
export default function PlaceOrderScreen() {
  const checkout = useCheckout();
  const { data: config } = useGetConfigQuery();
  const brand = useBrandName();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [verifyStock] = useVerifyCartStockMutation();
  const [placeOrder] = usePlaceOrderMutation();
  const [confirmPayment] = useConfirmOnlinePaymentMutation();
  // One key per checkout attempt: a double click or a retry after a lost answer makes one order.
  const attemptKey = useRef(newIdempotencyKey());
  const busy = useRef(false);
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<OrderError | null>(null);
  const [issues, setIssues] = useState<Record<string, string>>({});

  const { items, buyingItem, prices, paymentMethod, shippingAddress } = checkout;
  const redirect = checkoutRedirect(shippingAddress, paymentMethod);
  if (redirect) return <Navigate to={redirect} replace />;
  const address = shippingAddress as ShippingAddress;

  const withinLimit = paymentLimitProblem(checkout.pricesWith(paymentMethod), paymentMethod) === null;
  const online = paymentMethod === 'Razorpay';
  const onlineOff = online && config?.payment.online === false;
  const canPlace = items.length > 0 && withinLimit && !placing && (!online || (Boolean(config) && !onlineOff));

  /**
   * On to the order's page. The cart (or the buying item) is done with only once nothing is left to
   * pay now: a cash-on-delivery order, or an online payment the server verified. After a failed or
   * abandoned payment it stays, and the order waits to be paid from its page.
   */
  const finish = (orderId: string, settled: boolean) => {
    navigate(`/order/${encodeURIComponent(orderId)}`);
    if (!settled) return;
    if (buyingItem) dispatch(removeBuyingItem());
    else dispatch(clearCartItems());
  };

  /** After the server said the prices changed: the lines take the products' current data. */
  const reprice = async () => {
    const ids = [...new Set(items.map((i) => i._id))];
    const fresh = await Promise.all(
      ids.map((id) =>
        dispatch(productsApi.endpoints.getProductDetails.initiate(id, { forceRefetch: true, subscribe: false }))
          .unwrap()
          .catch(() => null),
      ),
    );
    const products = fresh.filter((p): p is Product => p !== null);
    if (buyingItem) products.forEach((p) => dispatch(refreshBuyingItem(p)));
    else dispatch(refreshCartLines(products));
  };

  /** Opens the payment widget for a placed order; true once the server verified the payment. */
  const pay = async (orderId: string, razorpayOrderId: string, key: string, total: number): Promise<boolean> => {
    let outcome: WidgetResult;
    try {
      outcome = await openCheckout(config!.payment.checkoutScript, {
        key,
        orderId: razorpayOrderId,
        amount: toPaise(total),
        name: brand,
        description: `Order at ${brand}`,
        prefill: { name: address.shippingName, email: address.shippingEmail, contact: address.shippingPhoneNumber },
      });
    } catch (err) {
      outcome = { kind: 'failed', description: err instanceof Error ? err.message : 'The payment widget could not be opened.' };
    }
    if (outcome.kind === 'paid') {
      try {
        const result = await confirmPayment({ ...outcome.payment, orderId }).unwrap();
        toast.success(result.message || ORDER_MESSAGES.paymentSuccess);
        return true;
      } catch (err) {
        const e = err as FetchBaseQueryError;
        toast.error(e?.status === 409 ? errorMessage(err) : ORDER_MESSAGES.verificationFailed);
      }
    } else if (outcome.kind === 'failed') {
      toast.error(`Error: ${outcome.description}`);
    } else {
      toast.info(ORDER_MESSAGES.paymentNotCompleted);
    }
    return false;
  };

  const place = async () => {
    if (busy.current) return;
    busy.current = true;
    setPlacing(true);
    setError(null);
    try {
      if (!buyingItem) {
        let check;
        try {
          check = await verifyStock(items.map((i) => ({ keyId: i.keyId, qty: i.qty }))).unwrap();
        } catch {
          toast.error(CART_MESSAGES.verifyFailed);
          return;
        }
        setIssues(Object.fromEntries(check.issues.map((i) => [i.keyId, i.reason])));
        if (!check.success) {
          toast.error(CART_MESSAGES.recheck);
          setError({ kind: 'stock', message: check.message ?? CART_MESSAGES.stockIssue });
          return;
        }
      }
      const order: NewOrder = { orderItems: items, shippingAddress: address, paymentMethod, ...prices };
      let placed;
      try {
        placed = await placeOrder({ order, idempotencyKey: attemptKey.current }).unwrap();
      } catch (err) {
        const e = err as FetchBaseQueryError;
        // The server answered: nothing was made, so the next try is a new attempt. Without an
        // answer the order may exist, and the same key finds it again.
        if (typeof e?.status === 'number') attemptKey.current = newIdempotencyKey();
        const data = e?.data as { expected?: unknown } | undefined;
        if (e?.status === 409 && data?.expected) {
          await reprice();
          setError({ kind: 'price', message: errorMessage(err) });
        } else if (e?.status === 409) {
          setError({ kind: 'stock', message: errorMessage(err) });
        } else {
          setError({ kind: 'other', message: errorMessage(err) });
        }
        return;
      }
      const { _id, totalPrice } = placed.data;
      const settled = online && placed.razorpayOrderId && placed.key ? await pay(_id, placed.razorpayOrderId, placed.key, totalPrice) : true;
      finish(_id, settled);
    } finally {
      busy.current = false;
      setPlacing(false);
    }
  };

  const preOrder = buyingItem?.actionItem === 'preOrder';
  const fixLink = buyingItem ? { to: lineLink(buyingItem), text: 'Back to the product' } : { to: '/cart', text: 'Go to your cart' };

  return (
    <div className="checkout-page checkout-page--wide">
      <PageTitle title="Place Order" />
      <CheckoutSteps current={4} />
      <Row className="g-4">
        <Col lg={8}>
          <Card className="checkout-card shadow-sm mb-4">
            <Card.Body>
              <div className="review-section__head">
                <h2 className="review-section__title">Shipping</h2>
                <Link to="/shipping" aria-label="Edit the shipping address">
                  Edit
                </Link>
              </div>
              <address className="mb-0" data-testid="review-address">
                <strong>{address.shippingName}</strong> · {address.shippingPhoneNumber} · {address.shippingEmail}
                <br />
                {address.address}
                {address.landmark ? `, ${address.landmark}` : ''}
                <br />
                {address.city}, {address.district}, {address.state} {address.pinCode}
                {address.shippingNote && (
                  <>
                    <br />
                    <span className="text-body-secondary">Note: {address.shippingNote}</span>
                  </>
                )}
              </address>
            </Card.Body>
          </Card>
          <Card className="checkout-card shadow-sm mb-4">
            <Card.Body>
              <div className="review-section__head">
                <h2 className="review-section__title">Payment Method</h2>
                <Link to="/payment" aria-label="Edit the payment method">
                  Edit
                </Link>
              </div>
              <p className="mb-0" data-testid="review-method">
                {METHOD_NAMES[paymentMethod]}
              </p>
            </Card.Body>
          </Card>
          <Card className="checkout-card shadow-sm">
            <Card.Body>
              <h2 className="review-section__title mb-3">{buyingItem ? (preOrder ? 'Pre Order Item' : 'Order Item') : 'Order Items'}</h2>
              {items.length === 0 ? (
                <Message>
                  {CART_MESSAGES.empty}. <Link to="/">Go shopping</Link>
                </Message>
              ) : (
                <ListGroup as="ul" variant="flush">
                  {items.map((item) => (
                    <ItemRow key={item.keyId} item={item} preOrder={preOrder} issue={issues[item.keyId]} />
                  ))}
                </ListGroup>
              )}
            </Card.Body>
          </Card>
        </Col>
        <Col lg={4}>
          <Card className="summary-card shadow-sm">
            <Card.Body>
              <h2 className="summary-card__title">Order Summary</h2>
              <dl className="price-breakup" data-testid="price-breakup">
                <div>
                  <dt>Items</dt>
                  <dd>{money(prices.itemsPrice)}</dd>
                </div>
                <div>
                  <dt>Shipping</dt>
                  <dd>{Number(prices.shippingPrice) > 0 ? money(prices.shippingPrice) : 'Free'}</dd>
                </div>
                {(online || Number(prices.secureTransactionFee) > 0) && (
                  <div>
                    <dt>Secure Transaction Fee</dt>
                    <dd>{money(prices.secureTransactionFee)}</dd>
                  </div>
                )}
                {Number(prices.discount) > 0 && (
                  <div className="price-breakup__discount">
                    <dt>10% additional discount for online payment</dt>
                    <dd>−{money(prices.discount)}</dd>
                  </div>
                )}
                {Number(prices.preOrderFee) > 0 && (
                  <div>
                    <dt>Pre-order Fee</dt>
                    <dd>{money(prices.preOrderFee)}</dd>
                  </div>
                )}
                <div className="price-breakup__total">
                  <dt>Total</dt>
                  <dd data-testid="order-total">{money(prices.totalPrice)}</dd>
                </div>
              </dl>
              {onlineOff && (
                <Message variant="warning">
                  {PAYMENT_LABELS.onlineOff} <Link to="/payment">Choose another payment method</Link>.
                </Message>
              )}
              {!withinLimit && (
                <Message variant="warning">
                  This order is above the limit for {METHOD_NAMES[paymentMethod]}.{' '}
                  <Link to="/payment">Choose another payment method</Link>.
                </Message>
              )}
              {error && (
                <Message variant="danger">
                  {error.message}
                  {error.kind === 'price' && <> {ORDER_MESSAGES.repriced}</>}
                  {error.kind === 'stock' && (
                    <>
                      {' '}
                      <Link to={fixLink.to} className="alert-link">
                        {fixLink.text}
                      </Link>
                    </>
                  )}
                </Message>
              )}
              <Button variant="accent" size="lg" className="w-100" disabled={!canPlace} onClick={() => void place()}>
                {placing && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
                Place Order
              </Button>
              {online && !onlineOff && (
                <>
                  <p className="small text-body-secondary mt-2">
                    You pay {money(prices.totalPrice)} securely with Razorpay once the order is placed.
                  </p>
                  <TestModeBanner />
                </>
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
