import { useState } from 'react';
import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { FaShoppingCart, FaUser } from 'react-icons/fa';
import { truncateName } from '../../features/auth/accountRules';
import { useLogout } from '../../features/auth/useLogout';
import { useSessionExpiry } from '../../features/auth/useSessionExpiry';
import { useSignedInUser } from '../../features/auth/useSignedIn';
import { selectCartLineCount } from '../../features/cart/cartSlice';
import { useBrandName } from '../../features/config/configApi';
import { useAppSelector } from '../hooks';
import BrandLogo from './BrandLogo';
import SearchBox from './SearchBox';

export default function Header() {
  const brand = useBrandName();
  const cartCount = useAppSelector(selectCartLineCount);
  const user = useSignedInUser();
  const logout = useLogout();
  useSessionExpiry();
  // Controlled, so that the phone menu also closes after a search.
  const [expanded, setExpanded] = useState(false);
  const close = () => setExpanded(false);

  return (
    <header>
      <Navbar
        expand="md"
        variant="dark"
        className="site-navbar"
        collapseOnSelect
        expanded={expanded}
        onToggle={setExpanded}
        onSelect={close}
      >
        <Container>
          <Navbar.Brand as={Link} to="/" aria-label={`${brand} home`} onClick={close}>
            <BrandLogo name={brand} />
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="site-navbar-nav" aria-label="Toggle navigation" />
          <Navbar.Collapse id="site-navbar-nav">
            <div className="flex-grow-1 mx-md-4">
              <SearchBox onSearch={close} />
            </div>
            <Nav className="ms-auto align-items-md-center">
              <Nav.Link
                as={Link}
                to="/cart"
                eventKey="cart"
                className="d-flex align-items-center gap-1"
                aria-label={cartCount > 0 ? `Cart: ${cartCount} ${cartCount === 1 ? 'item' : 'items'}` : undefined}
              >
                <FaShoppingCart aria-hidden="true" />
                Cart
                {cartCount > 0 && (
                  <Badge pill bg="accent" className="cart-badge" data-testid="cart-badge">
                    {cartCount}
                  </Badge>
                )}
              </Nav.Link>
              {user?.role === 'admin' && (
                <NavDropdown title="Admin" id="admin-menu">
                  <NavDropdown.Item as={Link} to="/admin/productlist" eventKey="admin-products">
                    Products
                  </NavDropdown.Item>
                  <NavDropdown.Item as={Link} to="/admin/userlist" eventKey="admin-users">
                    Users
                  </NavDropdown.Item>
                  <NavDropdown.Item as={Link} to="/admin/orderlist" eventKey="admin-orders">
                    Orders
                  </NavDropdown.Item>
                </NavDropdown>
              )}
              {(user?.role === 'manufacturer' || user?.role === 'admin') && (
                <NavDropdown title="Manufacturer" id="manufacturer-menu">
                  <NavDropdown.Item as={Link} to="/manufacturer/preorderlist" eventKey="manufacturer-orders">
                    Orders
                  </NavDropdown.Item>
                </NavDropdown>
              )}
              {user ? (
                <NavDropdown
                  title={
                    <>
                      <FaUser aria-hidden="true" />
                      {truncateName(user.name)}
                    </>
                  }
                  id="user-menu"
                  align="end"
                >
                  <NavDropdown.Item as={Link} to="/profile" eventKey="profile">
                    Profile
                  </NavDropdown.Item>
                  <NavDropdown.Item as="button" eventKey="logout" onClick={() => void logout()}>
                    Logout
                  </NavDropdown.Item>
                </NavDropdown>
              ) : (
                <Nav.Link as={Link} to="/login" eventKey="login" className="d-flex align-items-center gap-1">
                  <FaUser aria-hidden="true" />
                  Sign In
                </Nav.Link>
              )}
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
    </header>
  );
}
