import Button from 'react-bootstrap/Button';
import { FaBolt, FaCartPlus, FaClock } from 'react-icons/fa';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import { Link } from '../../components/Link';
import { selectUserInfo } from '../auth';

interface PurchaseButtonsProps {
  /** The chosen size has stock. */
  inStock: boolean;
  onAddToCart: () => void;
  /** Buy this one item directly; the button shows only when given (checkout plugs it in). */
  onOrderNow?: () => void;
  /** Pre-order this one item; the button shows only when given (checkout plugs it in). */
  onPreOrder?: () => void;
}

/**
 * The buying buttons of a product page (SPEC.md §2, §6): Add to Cart for an item in stock;
 * Order Now for a signed-in user when in stock; Pre Order for a signed-in customer (or an admin,
 * who can do all a customer can) when out of stock. Guests never see Order Now or Pre Order.
 */
export default function PurchaseButtons({ inStock, onAddToCart, onOrderNow, onPreOrder }: PurchaseButtonsProps) {
  const user = useSelector(selectUserInfo);
  const { pathname, search } = useLocation();
  // A guest who signs in to pre-order comes back to this colour and size.
  const here = pathname + search;
  const showOrderNow = Boolean(onOrderNow && user && inStock);
  const showPreOrder = Boolean(onPreOrder && user && (user.role === 'customer' || user.role === 'admin') && !inStock);

  return (
    <div className="purchase-buttons d-grid gap-2">
      <Button
        variant="accent"
        size="lg"
        disabled={!inStock}
        onClick={onAddToCart}
        aria-describedby={inStock ? undefined : 'sold-out-note'}
      >
        <FaCartPlus className="me-2" aria-hidden="true" />
        Add to Cart
      </Button>
      {!inStock && (
        <p id="sold-out-note" className="small text-body-secondary mb-0">
          {showPreOrder ? (
            'This size is sold out: pre-order it and it will be made for you.'
          ) : !user && onPreOrder ? (
            <>
              This size is sold out. <Link to={`/login?redirect=${encodeURIComponent(here)}`}>Sign in</Link> to pre-order it,
              or choose another size or colour.
            </>
          ) : (
            'This size is sold out. Please choose another size or colour.'
          )}
        </p>
      )}
      {showOrderNow && (
        <Button variant="dark" size="lg" onClick={onOrderNow}>
          <FaBolt className="me-2" aria-hidden="true" />
          Order Now
        </Button>
      )}
      {showPreOrder && (
        <Button variant="outline-dark" size="lg" onClick={onPreOrder}>
          <FaClock className="me-2" aria-hidden="true" />
          Pre Order
        </Button>
      )}
    </div>
  );
}
