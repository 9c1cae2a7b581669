import { Navigate } from 'react-router';
import { Link, type AppPath } from '../../components/Link';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { FaTshirt } from 'react-icons/fa';
import CheckoutSteps from '../../components/CheckoutSteps';
import Message from '../../components/Message';
import PageTitle from '../../components/PageTitle';
import TestModeBanner from '../../components/TestModeBanner';
import type { ShippingAddress } from '../../lib/address';
import { useGetConfigQuery } from '../../lib/config';
import { districtsOf } from '../../lib/districts';
import { formatRupees } from '../../lib/format';
import { ORDER_MESSAGES } from '../../lib/orderMessages';
import { toPaise, type PaymentMethod } from '../../lib/pricing';
import { isCompleteAddress, paymentLimitProblem } from '../../lib/validation';
import { CART_MESSAGES, lineLabel, lineLink, type CartItem } from '../cart';
import '../../components/checkout.css';
import { PAYMENT_LABELS } from './PaymentScreen';
import { useCheckout } from './useCheckout';
import { usePlaceOrder } from './usePlaceOrder';

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
            {item.variant.variantName} · Size {item.variant.size.size}
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
  const { place, placing, error, issues } = usePlaceOrder(checkout);

  const { items, buyingItem, prices, paymentMethod, shippingAddress } = checkout;
  const redirect = checkoutRedirect(shippingAddress, paymentMethod);
  if (redirect) return <Navigate to={redirect} replace />;
  const address = shippingAddress as ShippingAddress;

  const withinLimit = paymentLimitProblem(checkout.pricesWith(paymentMethod), paymentMethod) === null;
  const online = paymentMethod === 'Razorpay';
  const onlineOff = online && config?.payment.online === false;
  const canPlace = items.length > 0 && withinLimit && !placing && (!online || (Boolean(config) && !onlineOff));

  const preOrder = buyingItem?.actionItem === 'preOrder';
  const fixLink: { to: AppPath; text: string } = buyingItem ? { to: lineLink(buyingItem), text: 'Back to the product' } : { to: '/cart', text: 'Go to your cart' };

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
              <Button variant="accent" size="lg" className="w-100" disabled={!canPlace} onClick={() => void place(address)}>
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
