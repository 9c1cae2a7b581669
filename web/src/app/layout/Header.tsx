import { lazy, Suspense, useState } from 'react';
import { Link } from '../../components/Link';
import { FaShoppingCart, FaUser } from 'react-icons/fa';
import { useSessionExpiry } from '../../features/auth/useSessionExpiry';
import { useSignedInUser } from '../../features/auth/useSignedIn';
import { selectCartLineCount } from '../../features/cart/cartSlice';
import { useBrandName } from '../../lib/config';
import { useSelector } from 'react-redux';
import { loadAccountMenus } from './accountMenus';
import BrandLogo from './BrandLogo';
import SearchBox from './SearchBox';

// A visitor's first screen has none: the menus come with signing in (main.tsx starts loading them at
// once for a visitor who is signed in).
const AccountMenus = lazy(loadAccountMenus);

export default function Header() {
  const brand = useBrandName();
  const cartCount = useSelector(selectCartLineCount);
  const user = useSignedInUser();
  useSessionExpiry();
  // The phone menu: opened by the toggler, closed after a search or a chosen link.
  const [expanded, setExpanded] = useState(false);
  const close = () => setExpanded(false);

  return (
    <header>
      <nav className="site-navbar navbar navbar-expand-md navbar-dark" aria-label="Main">
        <div className="container">
          <Link to="/" className="navbar-brand" aria-label={`${brand} home`} onClick={close}>
            <BrandLogo name={brand} />
          </Link>
          {/* On a phone the cart and the menu's toggler stay beside the brand, the search below them;
              from md the search sits between the brand and the menu, and the cart at the end. */}
          <div className="site-navbar__actions d-flex align-items-center gap-1 ms-auto order-md-3">
            <Link
              to="/cart"
              className="nav-link site-navbar__cart d-flex align-items-center gap-1"
              aria-label={cartCount > 0 ? `Cart: ${cartCount} ${cartCount === 1 ? 'item' : 'items'}` : undefined}
              onClick={close}
            >
              <FaShoppingCart aria-hidden="true" />
              Cart
              {cartCount > 0 && (
                <span className="badge rounded-pill bg-accent cart-badge" data-testid="cart-badge">
                  {cartCount}
                </span>
              )}
            </Link>
            <button
              type="button"
              className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
              aria-controls="site-navbar-nav"
              aria-expanded={expanded}
              aria-label="Toggle navigation"
              onClick={() => setExpanded((e) => !e)}
            >
              <span className="navbar-toggler-icon" />
            </button>
          </div>
          <div className="site-navbar__search order-md-1 mx-md-4">
            <SearchBox onSearch={close} />
          </div>
          <div className={`navbar-collapse collapse order-md-2 flex-grow-0${expanded ? ' show' : ''}`} id="site-navbar-nav">
            <div className="navbar-nav ms-auto align-items-md-center">
              {user ? (
                <Suspense fallback={null}>
                  <AccountMenus user={user} onSelect={close} />
                </Suspense>
              ) : (
                <Link to="/login" className="nav-link d-flex align-items-center gap-1" onClick={close}>
                  <FaUser aria-hidden="true" />
                  Sign In
                </Link>
              )}
            </div>
          </div>
        </div>
      </nav>
    </header>
  );
}
