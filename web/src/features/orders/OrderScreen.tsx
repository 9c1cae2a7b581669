import { useEffect, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { FaBan, FaExclamationTriangle, FaTshirt } from 'react-icons/fa';
import { useSelector } from 'react-redux';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import PageTitle from '../../components/PageTitle';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatRupees } from '../../lib/format';
import { ORDER_MESSAGES } from '../../lib/orderMessages';
import { selectUserInfo } from '../auth';
import OrderAdminActions from './OrderAdminActions';
import OrderTaxDocuments from './OrderTaxDocuments';
import { CustomerActions, Refunds, Timeline, Tracking } from './OrderAftercare';
import OrderPayment from './OrderPayment';
import { useGetOrderDetailsQuery } from './ordersApi';
import StatusBadge from './StatusBadge';
import { awaitsOnlinePayment, productionDate, type Order, type OrderItem } from './types';
import './orders.css';

const METHOD_LABEL: Record<Order['paymentMethod'], string> = {
  Razorpay: 'Online payment (Razorpay: card, UPI, netbanking or wallet)',
  COD: 'Cash on delivery',
};

/** /order/:id: one order for its owner or an admin (SPEC.md §2 order page, §4 order transitions). */
export default function OrderScreen() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const user = useSelector(selectUserInfo);
  const { data: order, isLoading, error, refetch } = useGetOrderDetailsQuery(id);

  // The server cancels an unpaid online order when its hold ends: look again at that moment.
  const dueAt = order && awaitsOnlinePayment(order) && order.paymentDueAt ? Date.parse(order.paymentDueAt) : NaN;
  useEffect(() => {
    if (Number.isNaN(dueAt)) return;
    const wait = dueAt - Date.now() + 1000;
    if (wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => void refetch(), Math.max(wait, 0));
    return () => clearTimeout(timer);
  }, [dueAt, refetch]);

  if (isLoading) return <Loader />;
  if (error || !order) {
    return (
      <>
        <PageTitle title={ORDER_MESSAGES.unauthorised} />
        <h1 className="page-heading">{ORDER_MESSAGES.unauthorised}</h1>
        <Message variant="danger">{errorMessage(error)}</Message>
        <Link to="/profile" className="btn btn-outline-dark btn-sm">
          See your orders
        </Link>
      </>
    );
  }

  const isAdmin = user?.role === 'admin';
  const isOwner = !!user && (order.user._id ? order.user._id === user._id : !isAdmin);
  const cancelled = order.status === 'cancelled' || order.status === 'expired';
  // Why it was cancelled: the note of the change that cancelled it, not of what followed (a refund).
  const cancelNote = order.history.find((e) => e.status === order.status)?.note;
  const payable = isOwner && awaitsOnlinePayment(order);
  // What the owner must do next (pay, or confirm a COD order) comes first on a phone.
  const actFirst = payable || (isOwner && order.status === 'awaitingConfirmation');
  const a = order.shippingAddress;

  return (
    <>
      <PageTitle title={`Order ${order.orderId}`} />
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="page-heading mb-0 text-break">
          Order {order.orderId}
          <StatusBadge status={order.status} className="ms-2 align-middle fs-6" />
        </h1>
        <span className="text-body-secondary small">Placed on {formatDate(order.createdAt)}</span>
      </div>

      {params.has('placed') && isOwner && <PlacedBanner order={order} />}
      {params.has('confirmed') && order.status !== 'awaitingConfirmation' && !cancelled && (
        <Alert variant="success" data-testid="order-confirmed">
          Thank you: your order {order.orderId} is confirmed. We will e-mail you when it ships.
        </Alert>
      )}
      {order.status === 'awaitingConfirmation' && (
        <Alert variant="warning" data-testid="confirm-needed">
          <strong>Please confirm this cash-on-delivery order</strong> with the button below or the link we e-mailed you
          {order.confirmDueAt ? `, by ${formatDate(order.confirmDueAt)}` : ''}. An order not confirmed in time is cancelled.
        </Alert>
      )}
      {cancelled && (
        <Alert variant="secondary" className="d-flex gap-2 align-items-start" data-testid="order-cancelled">
          <FaBan className="mt-1 flex-shrink-0" aria-hidden="true" />
          <div>
            <strong>This order is cancelled.</strong>{' '}
            {order.status === 'expired'
              ? `It was not paid in time${order.paymentDueAt ? ` (by ${formatDate(order.paymentDueAt)})` : ''}, so it expired and its items went back on sale. Please order again.`
              : `Nothing will be delivered.${cancelNote ? ` Reason: ${cancelNote}` : ''}`}
          </div>
        </Alert>
      )}
      {order.paymentFlagged && (
        <Alert variant="warning" className="d-flex gap-2 align-items-start" data-testid="payment-flagged">
          <FaExclamationTriangle className="mt-1 flex-shrink-0" aria-hidden="true" />
          <div>
            {isAdmin ? (
              <>
                <strong>Payment flagged.</strong>{' '}
                {order.paymentFlagReason ??
                  "A payment for this order arrived after it had expired. Refund it to the customer, or restore the order, from the payment provider's dashboard."}
              </>
            ) : cancelled ? (
              <>
                Your payment arrived after this order expired. It is recorded, and our team will contact you to refund
                or confirm it.
              </>
            ) : (
              <>
                A payment report could not be matched to this order, so it is not marked paid yet. Our team will look
                into it and contact you if needed.
              </>
            )}
          </div>
        </Alert>
      )}

      <Row className="g-4">
        <Col lg={8}>
          <ListGroup variant="flush" className="order-sections bg-white rounded shadow-sm">
            <ListGroup.Item as="section" aria-labelledby="order-shipping">
              <h2 id="order-shipping" className="order-section__title">
                Shipping
              </h2>
              <dl className="order-facts">
                <Fact label="Name">{a.shippingName}</Fact>
                <Fact label="Email">
                  <a href={`mailto:${a.shippingEmail}`}>{a.shippingEmail}</a>
                </Fact>
                <Fact label="Phone">
                  <a href={`tel:+91${a.shippingPhoneNumber}`}>{a.shippingPhoneNumber}</a>
                </Fact>
                <Fact label="Address">
                  {a.address}
                  {a.landmark && (
                    <>
                      <br />
                      <span className="text-body-secondary">{a.landmark}</span>
                    </>
                  )}
                  <br />
                  {[a.city, a.district, a.state].filter(Boolean).join(', ')} {a.pinCode}
                </Fact>
                {a.shippingNote && <Fact label="Note">{a.shippingNote}</Fact>}
              </dl>
              <Tracking order={order} />
              {order.isDelivered ? (
                <Message variant="success">Delivered on {formatDate(order.deliveredDate)}</Message>
              ) : cancelled ? (
                <Message variant="secondary">Not to be delivered: the order is cancelled.</Message>
              ) : (
                <Message variant="secondary">{ORDER_MESSAGES.notDelivered}</Message>
              )}
              {order.returns.map((r) => (
                <p key={r.requestedAt} className="small mb-2" data-testid="return-state">
                  Return of {r.items.reduce((n, it) => n + it.qty, 0)} item(s) asked on {formatDate(r.requestedAt)}:{' '}
                  <strong>{r.status}</strong>
                  {r.note && ` · ${r.note}`}
                </p>
              ))}
            </ListGroup.Item>

            <ListGroup.Item as="section" aria-labelledby="order-payment">
              <h2 id="order-payment" className="order-section__title">
                Payment
              </h2>
              <p className="mb-2">
                <span className="fw-semibold">Method: </span>
                {METHOD_LABEL[order.paymentMethod] ?? order.paymentMethod}
              </p>
              {order.isPaid ? (
                <Message variant="success">Paid on {formatDate(order.paidAt)}</Message>
              ) : (
                <Message variant="secondary">{ORDER_MESSAGES.paymentPending}</Message>
              )}
              <Refunds order={order} />
              {awaitsOnlinePayment(order) && order.paymentDueAt && (
                <p className="small mb-0" data-testid="payment-due">
                  Your items are held for you until <strong>{formatDate(order.paymentDueAt)}</strong>. If the order is
                  not paid by then, it is cancelled and they go back on sale.
                </p>
              )}
              <OrderTaxDocuments order={order} />
            </ListGroup.Item>

            <ListGroup.Item as="section" aria-labelledby="order-items">
              <h2 id="order-items" className="order-section__title">
                Order Items
              </h2>
              {order.orderItems.length === 0 ? (
                <Message>This order has no items.</Message>
              ) : (
                <ul className="list-unstyled mb-0 order-items">
                  {order.orderItems.map((item, i) => (
                    <OrderItemRow key={`${item.product}-${item.size}-${i}`} item={item} orderMfgDate={order.mfgDate} />
                  ))}
                </ul>
              )}
            </ListGroup.Item>

            <ListGroup.Item as="section" aria-labelledby="order-history">
              <h2 id="order-history" className="order-section__title">
                Timeline
              </h2>
              <Timeline order={order} />
            </ListGroup.Item>
          </ListGroup>
        </Col>

        {/* On phones an order waiting for its owner's payment or confirmation shows its summary and action first. */}
        <Col lg={4} className={actFirst ? 'order-first order-lg-last' : undefined}>
          <Card className="order-summary shadow-sm border-0">
            <Card.Body>
              <h2 className="order-section__title">Order Summary</h2>
              <OrderSummary order={order} />
              {payable && <OrderPayment order={order} />}
              {isOwner && <CustomerActions order={order} />}
              {isAdmin && <OrderAdminActions order={order} />}
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </>
  );
}

/** What the customer sees when arriving from Place Order: the order number and what happens next. */
function PlacedBanner({ order }: { order: Order }) {
  const next =
    order.status === 'awaitingConfirmation'
      ? 'One step left: confirm it, then we pack it and e-mail you when it ships.'
      : order.status === 'awaitingPayment'
        ? 'It is held for you until it is paid.'
        : `We are packing it and will e-mail you the tracking link when it ships.${order.paymentMethod === 'COD' ? ' Pay in cash when it arrives.' : ''}`;
  return (
    <Alert variant="success" data-testid="order-placed-banner">
      <strong>
        Thank you, your order {order.orderId} is placed.
      </strong>{' '}
      {next}
    </Alert>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="order-facts__row">
      <dt>{label}</dt>
      <dd className="text-break">{children}</dd>
    </div>
  );
}

function OrderItemRow({ item, orderMfgDate }: { item: OrderItem; orderMfgDate: string | null }) {
  const image = item.images?.[0];
  const mfg = item.mfgDate ?? orderMfgDate;
  return (
    <li className="order-item" data-testid="order-item">
      {image ? (
        <img src={image} alt={item.name} width={64} height={64} className="order-item__image" loading="lazy" />
      ) : (
        <span className="order-item__image order-item__image--empty" aria-hidden="true">
          <FaTshirt />
        </span>
      )}
      <div className="order-item__text">
        <Link to={`/product/${encodeURIComponent(item.product)}`} className="order-item__name">
          {item.name}
        </Link>
        <div className="small text-body-secondary">
          {item.variantColor} · Size {item.size}
        </div>
        {item.preOrder && (
          <div className="small mt-1" data-testid="pre-order-state">
            <Badge bg="info" text="dark" className="me-2">
              Pre-order
            </Badge>
            {mfg ? (
              <span className="text-success">Manufactured on {productionDate(mfg)}</span>
            ) : (
              <span className="text-body-secondary">Awaiting manufacture</span>
            )}
          </div>
        )}
      </div>
      <div className="order-item__price text-nowrap" data-testid="order-item-price">
        {item.qty} × {formatRupees(item.price)} = <strong>{formatRupees(item.qty * item.price)}</strong>
      </div>
    </li>
  );
}

function OrderSummary({ order }: { order: Order }) {
  const online = order.paymentMethod === 'Razorpay';
  const rows: [string, string, string?][] = [
    ['Items', formatRupees(order.itemsPrice)],
    ['Shipping', order.shippingPrice > 0 ? formatRupees(order.shippingPrice) : 'Free'],
  ];
  if (online || order.secureTransactionFee > 0) rows.push(['Secure transaction fee', formatRupees(order.secureTransactionFee)]);
  if (online || order.discount > 0)
    rows.push(['10% additional discount for online payment', `−${formatRupees(order.discount)}`, 'text-success']);
  if (order.isPreOrder || order.preOrderFee > 0) rows.push(['Pre-order fee', formatRupees(order.preOrderFee)]);
  return (
    <dl className="order-summary__list" data-testid="order-summary">
      {rows.map(([label, value, cls]) => (
        <div key={label} className="order-summary__row">
          <dt>{label}</dt>
          <dd className={cls}>{value}</dd>
        </div>
      ))}
      <div className="order-summary__row order-summary__total">
        <dt>Total</dt>
        <dd>{formatRupees(order.totalPrice)}</dd>
      </div>
    </dl>
  );
}
