import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../components/Link';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { FaMinus, FaPlus, FaTrash, FaTshirt } from 'react-icons/fa';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../../lib/hooks';
import { useSelector } from 'react-redux';
import Message from '../../components/Message';
import { formatRupees } from '../../lib/format';
import { paiseToString } from '../../lib/pricing';
import { decreaseQty, increaseQty, type QtyChange } from '../../lib/validation';
import { useSignedInUser } from '../auth';
import { removeBuyingItem } from './buyingSlice';
import { useVerifyCartStockMutation } from './cartApi';
import '../../components/checkout.css';
import PageTitle from '../../components/PageTitle';
import { addToCart, itemsTotal, removeFromCart, selectCart, type CartItem } from './cartSlice';
import { lineLabel, lineLink } from './lines';
import { CART_MESSAGES } from './quantity';

/**
 * Checks the cart's stock with the server when the cart opens and after every change to its
 * lines or quantities; returns the issues by keyId and the server's message when there are any.
 */
function useStockCheck(items: CartItem[]) {
  const [verify] = useVerifyCartStockMutation();
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [soldOut, setSoldOut] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const lastWarned = useRef('');
  const first = useRef(true);
  const signature = items.map((i) => `${i.keyId}:${i.qty}`).join(',');

  useEffect(() => {
    if (!signature) {
      setIssues({});
      setSoldOut([]);
      setMessage(null);
      return;
    }
    let live = true;
    const lines = signature.split(',').map((s) => {
      const [keyId, qty] = s.split(':');
      return { keyId, qty: Number(qty) };
    });
    // Quick clicks on plus and minus make one check, not one each.
    const timer = setTimeout(
      async () => {
        first.current = false;
        try {
          const result = await verify(lines).unwrap();
          if (!live) return;
          const found = Object.fromEntries(result.issues.map((i) => [i.keyId, i.reason]));
          setIssues(found);
          setSoldOut(result.issues.filter((i) => i.soldOut).map((i) => i.keyId));
          setMessage(result.success ? null : (result.message ?? CART_MESSAGES.stockIssue));
          const warned = JSON.stringify(result.issues);
          if (!result.success && warned !== lastWarned.current) toast.error(CART_MESSAGES.recheck, { toastId: 'cart-recheck' });
          lastWarned.current = result.success ? '' : warned;
        } catch {
          if (live) toast.error(CART_MESSAGES.verifyFailed, { toastId: 'cart-verify-failed' });
        }
      },
      first.current ? 0 : 400,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [signature, verify]);

  return { issues, soldOut, message };
}

interface CartLineProps {
  item: CartItem;
  issue?: string;
  soldOut: boolean;
  signedIn: boolean;
}

function CartLine({ item, issue, soldOut, signedIn }: CartLineProps) {
  const dispatch = useAppDispatch();
  const label = lineLabel(item);
  const image = item.variant.images[0];

  const change = (result: QtyChange) => {
    if ('refused' in result) toast.warning(result.refused, { toastId: result.refused });
    else dispatch(addToCart({ ...item, qty: result.qty }));
  };

  return (
    <ListGroup.Item as="li" className="cart-line py-3" data-testid="cart-line">
      <div className="cart-line__body">
        <Link to={lineLink(item)} className="cart-line__image" tabIndex={-1} aria-hidden="true">
          {image ? (
            <img src={image} alt="" width={96} height={96} loading="lazy" />
          ) : (
            <span className="cart-line__placeholder">
              <FaTshirt />
            </span>
          )}
        </Link>
        <div className="cart-line__info">
          <Link to={lineLink(item)} className="cart-line__name">
            {item.name}
          </Link>
          <div className="cart-line__meta">
            {item.variant.variantName} · Size {item.variant.size.size}
          </div>
          <div className="cart-line__price">
            {formatRupees(item.price)}
            {soldOut && <span className="badge text-bg-secondary ms-2">{CART_MESSAGES.soldOut}</span>}
          </div>
        </div>
        <div className="cart-line__controls">
          <div className="qty-stepper" role="group" aria-label={`Quantity of ${label}`}>
            <Button variant="light" aria-label={`Reduce quantity of ${label}`} onClick={() => change(decreaseQty(item))}>
              <FaMinus aria-hidden="true" />
            </Button>
            <output className="qty-stepper__value" aria-label={`Quantity of ${label}`} data-testid="qty">
              {item.qty}
            </output>
            <Button
              variant="light"
              aria-label={`Increase quantity of ${label}`}
              onClick={() => change(increaseQty(item, signedIn))}
            >
              <FaPlus aria-hidden="true" />
            </Button>
          </div>
          <Button
            variant="outline-danger"
            className="cart-line__delete"
            aria-label={`Delete ${label} from the cart`}
            onClick={() => dispatch(removeFromCart(item.keyId))}
          >
            <FaTrash aria-hidden="true" />
          </Button>
        </div>
      </div>
      {issue && (
        <p className="cart-line__issue text-danger small mb-0 mt-2" role="alert">
          {issue} {CART_MESSAGES.removeAndAdd}
        </p>
      )}
    </ListGroup.Item>
  );
}

/** The cart (SPEC.md §2, §4, §5): its lines with quantity controls, the subtotal and checkout. */
export default function CartScreen() {
  const cart = useSelector(selectCart);
  const user = useSignedInUser();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { issues, soldOut, message } = useStockCheck(cart.cartItems);
  // A sold-out line (as it was added, or as the server says now) is not bought: it leaves the
  // subtotal, and checkout waits until it is removed.
  const isSoldOut = (item: CartItem) => item.variant.size.stock === 0 || soldOut.includes(item.keyId);
  const buyable = cart.cartItems.filter((i) => !isSoldOut(i));
  const heldBack = cart.cartItems.filter(isSoldOut).map(lineLabel);
  const count = buyable.reduce((n, i) => n + i.qty, 0);

  const checkout = () => {
    // Checking out the cart: an item left from an earlier Order Now is not part of it.
    dispatch(removeBuyingItem());
    navigate('/login?redirect=/shipping');
  };

  return (
    <>
      <PageTitle title="Shopping Cart" />
      <h1 className="page-heading">Shopping Cart</h1>
      {cart.cartItems.length === 0 ? (
        <Message>
          {CART_MESSAGES.empty}. <Link to="/">Go shopping</Link>
        </Message>
      ) : (
        <Row className="g-4">
          <Col lg={8}>
            {message && <Message variant="danger">{message}</Message>}
            <ListGroup as="ul" variant="flush" className="cart-lines shadow-sm rounded">
              {cart.cartItems.map((item) => (
                <CartLine
                  key={item.keyId}
                  item={item}
                  issue={issues[item.keyId]}
                  soldOut={isSoldOut(item)}
                  signedIn={user !== null}
                />
              ))}
            </ListGroup>
            <p className="small text-body-secondary mt-3 mb-0">{CART_MESSAGES.limitNote}</p>
          </Col>
          <Col lg={4}>
            <Card className="summary-card shadow-sm">
              <Card.Body>
                <h2 className="summary-card__title" data-testid="cart-subtotal">
                  Subtotal ({count} {count === 1 ? 'item' : 'items'})
                </h2>
                <p className="summary-card__amount" data-testid="cart-amount">
                  {formatRupees(Number(paiseToString(itemsTotal(buyable))))}
                </p>
                <p className="small text-body-secondary">Shipping and payment offers are worked out at checkout.</p>
                <Button
                  variant="accent"
                  size="lg"
                  className="w-100"
                  onClick={checkout}
                  disabled={heldBack.length > 0}
                  aria-describedby={heldBack.length > 0 ? 'checkout-held' : undefined}
                >
                  Proceed To Checkout
                </Button>
                {heldBack.length > 0 && (
                  <p id="checkout-held" className="small text-danger mt-2 mb-0" data-testid="checkout-held">
                    {CART_MESSAGES.heldBack(heldBack)}
                  </p>
                )}
              </Card.Body>
            </Card>
          </Col>
        </Row>
      )}
    </>
  );
}
