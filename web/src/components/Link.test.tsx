import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Link, NavLink } from './Link';

function Where() {
  const { pathname, state } = useLocation();
  return <output aria-label="where">{`${pathname} ${JSON.stringify(state)}`}</output>;
}

function renderAt(path: string, links: React.ReactNode) {
  const element = (
    <>
      {links}
      <Where />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('Link', () => {
  it('follows a click within the app, with its state, and keeps the anchor attributes', async () => {
    const onClick = vi.fn();
    const { router, user } = renderAt(
      '/',
      <Link to="/cart?x=1" state={{ from: 'home' }} className="nav-link" aria-label="Cart" onClick={onClick}>
        Cart
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Cart' });
    expect(link).toHaveAttribute('href', '/cart?x=1');
    expect(link).toHaveClass('nav-link');
    await user.click(link);
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent('/cart {"from":"home"}');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('replaces the history entry when asked, and leaves a click its own handler prevented alone', async () => {
    const { router, user } = renderAt(
      '/',
      <>
        <Link to="/login" replace>
          Sign In
        </Link>
        <Link to="/profile" onClick={(e) => e.preventDefault()}>
          Profile
        </Link>
      </>,
    );
    await user.click(screen.getByRole('link', { name: 'Profile' }));
    expect(router.state.location.pathname).toBe('/');
    await user.click(screen.getByRole('link', { name: 'Sign In' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('Link, as react-router follows links', () => {
  it('replaces the entry of the page shown rather than adding it again', async () => {
    const { router, user } = renderAt('/cart?x=1', <Link to="/cart?x=1">Cart</Link>);
    await user.click(screen.getByRole('link', { name: 'Cart' }));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('leaves a click with a modifier key, or one for another window, to the browser', async () => {
    const { router } = renderAt(
      '/',
      <>
        <Link to="/cart">Cart</Link>
        <Link to="/profile" target="_blank">
          Profile
        </Link>
      </>,
    );
    const cart = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    screen.getByRole('link', { name: 'Cart' }).dispatchEvent(cart);
    const profile = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByRole('link', { name: 'Profile' }).dispatchEvent(profile);
    expect(cart.defaultPrevented).toBe(false);
    expect(profile.defaultPrevented).toBe(false);
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('NavLink', () => {
  it('is active on its path and below it, whatever the case, and says so', () => {
    renderAt(
      '/Category/Polo/page/2',
      <>
        <NavLink to="/category/polo" className="category-chip">
          Polo
        </NavLink>
        <NavLink to="/category/polo" end>
          Polo only
        </NavLink>
        <NavLink to="/category/pol">Pol</NavLink>
      </>,
    );
    const polo = screen.getByRole('link', { name: 'Polo' });
    expect(polo).toHaveClass('category-chip', 'active');
    expect(polo).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Polo only' })).not.toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Pol' })).not.toHaveAttribute('aria-current');
  });
});
