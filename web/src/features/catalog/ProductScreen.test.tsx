import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { CART_STORAGE_KEY } from '../cart';
import type { Product } from './types';

function polo(overrides: Partial<Product> = {}): Product {
  return makeProduct({
    _id: 'polo1',
    name: 'Cricket Club Polo',
    price: 899,
    rating: 4,
    numReviews: 3,
    totalSold: 1234,
    totalInStock: 10,
    description: 'Pique cotton with a ribbed collar.',
    variants: [
      {
        _id: 'vNavy',
        variantName: 'navy',
        swatch: '#000080',
        images: ['/uploads/demo/polo-navy-front.png', '/uploads/demo/polo-navy-back.png'],
        sizes: [
          { _id: 'navyS', size: 'S', stock: 0 },
          { _id: 'navyM', size: 'M', stock: 3 },
          { _id: 'navyL', size: 'L', stock: 5 },
        ],
      },
      {
        _id: 'vYellow',
        variantName: 'yellow',
        swatch: '#ffff00',
        images: ['/uploads/demo/polo-yellow-front.png'],
        sizes: [
          { _id: 'yellowM', size: 'M', stock: 0 },
          { _id: 'yellowXL', size: 'XL', stock: 2 },
        ],
      },
    ],
    ...overrides,
  });
}

function serve(product: Product) {
  return mockApi((url) => (url.pathname === `/api/products/${product._id}` ? { body: product } : undefined));
}

const pictures = () =>
  within(screen.getByRole('region', { name: /^Pictures of/ }))
    .getAllByRole('img', { hidden: true })
    .map((img) => img.getAttribute('src'));
const pressed = (group: string) =>
  within(screen.getByRole('group', { name: new RegExp(`^${group}`) }))
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent);

describe('ProductScreen', () => {
  it('shows name with colour, rating, price, units sold, description, stock and pictures', async () => {
    serve(polo());
    renderApp('/product/polo1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cricket Club Polo - navy' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('3 reviews')).toBeInTheDocument();
    expect(screen.getByTestId('product-price')).toHaveTextContent('₹899.00');
    expect(screen.getByTestId('units-sold')).toHaveTextContent('1,234 units');
    expect(screen.getByText('Pique cotton with a ribbed collar.')).toBeInTheDocument();
    expect(pictures()).toEqual(['/uploads/demo/polo-navy-front.png', '/uploads/demo/polo-navy-back.png']);
    expect(screen.getByRole('img', { name: 'Cricket Club Polo - navy, picture 1 of 2' })).toBeInTheDocument();
    // The first size in stock is chosen: S is sold out
    expect(pressed('Size')).toEqual(['M']);
    expect(screen.getByText('In Stock')).toBeInTheDocument();
  });

  it('shows the MRP struck through with the % off, inclusive of all taxes, and the colours by their names', async () => {
    const p = polo({ mrp: 1299 });
    p.variants[0] = { ...p.variants[0], variantName: 'Bottle green', swatch: '#006a4e' };
    serve(p);
    renderApp('/product/polo1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cricket Club Polo - Bottle green' })).toBeInTheDocument();
    const price = screen.getByTestId('product-price');
    expect(price).toHaveTextContent('₹899.00MRP ₹1,299.0030% off');
    expect(within(price).getByText('₹1,299.00').closest('s')).not.toBeNull();
    expect(screen.getByText('Inclusive of all taxes')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Colour: Bottle green' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bottle green' })).toHaveStyle({ backgroundColor: 'rgb(0, 106, 78)', color: 'rgb(255, 255, 255)' });
  });

  it('says how many are left under 5, and shows the size chart and the returns note', async () => {
    serve(polo({ sizeChart: 'M: chest 40 in\nL: chest 42 in', returnsNote: 'Easy returns within 7 days of delivery.' }));
    const { user } = renderApp('/product/polo1');
    // M has 3 left, L has 5.
    expect(await screen.findByText('Only 3 left')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'L' }));
    expect(screen.queryByText(/Only \d+ left/)).not.toBeInTheDocument();
    expect(screen.getByText('Size chart').closest('details')).toHaveTextContent('M: chest 40 in L: chest 42 in');
    expect(screen.getByText('Easy returns within 7 days of delivery.')).toBeInTheDocument();
  });

  it('shows no MRP or % off without an MRP above the price', async () => {
    serve(polo({ mrp: 899 }));
    renderApp('/product/polo1');
    expect(await screen.findByTestId('product-price')).toHaveTextContent(/^₹899\.00$/);
  });

  it('fills colour buttons with their colour, labelled black or white by brightness', async () => {
    serve(polo());
    renderApp('/product/polo1');
    const navy = await screen.findByRole('button', { name: 'navy' });
    const yellow = screen.getByRole('button', { name: 'yellow' });
    expect(navy).toHaveStyle({ backgroundColor: 'rgb(0, 0, 128)', color: 'rgb(255, 255, 255)' });
    expect(yellow).toHaveStyle({ backgroundColor: 'rgb(255, 255, 0)', color: 'rgb(0, 0, 0)' });
    expect(navy).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps the chosen colour and size in the URL and opens a shared link on them', async () => {
    serve(polo());
    const { router, user } = renderApp('/product/polo1');
    await user.click(await screen.findByRole('button', { name: 'yellow' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Cricket Club Polo - yellow' })).toBeInTheDocument();
    expect(pictures()).toEqual(['/uploads/demo/polo-yellow-front.png']);
    // The size code M is kept, though sold out in yellow
    expect(router.state.location.search).toBe('?variant=vYellow&size=yellowM');
    expect(pressed('Size')).toEqual(['M']);
    expect(screen.getByText('Out Of Stock')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'XL' }));
    expect(router.state.location.search).toBe('?variant=vYellow&size=yellowXL');
    expect(screen.getByText('In Stock')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'navy' }));
    // navy has no XL: its first size in stock
    expect(router.state.location.search).toBe('?variant=vNavy&size=navyM');

    // A fresh visit to a shared link
    act(() => void router.navigate('/product/polo1?variant=vYellow&size=yellowXL'));
    expect(screen.getByRole('heading', { level: 1, name: 'Cricket Club Polo - yellow' })).toBeInTheDocument();
    expect(pressed('Size')).toEqual(['XL']);
    expect(pressed('Colour')).toEqual(['yellow']);
  });

  it('falls back to the first colour and its first size in stock for unknown or mismatched ids', async () => {
    serve(polo());
    const { router } = renderApp('/product/polo1?variant=nope&size=yellowXL');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cricket Club Polo - navy' })).toBeInTheDocument();
    expect(pressed('Size')).toEqual(['M']);
    act(() => void router.navigate('/product/polo1?variant=vNavy&size=navyS'));
    expect(pressed('Size')).toEqual(['S']);
    expect(screen.getByText('Out Of Stock')).toBeInTheDocument();
  });

  it('marks a sold-out size struck through but still lets it be chosen, with Add to Cart off', async () => {
    serve(polo());
    const { user } = renderApp('/product/polo1');
    const small = await screen.findByRole('button', { name: 'S (sold out)' });
    expect(small).toHaveClass('is-sold-out');
    expect(small).toBeEnabled();
    await user.click(small);
    expect(small).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Out Of Stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it('adds one of the chosen colour and size to the cart with a toast', async () => {
    serve(polo());
    const { store, user } = renderApp('/product/polo1?variant=vNavy&size=navyL');
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Cricket Club Polo (navy, L) added to your cart.')).toBeInTheDocument();
    const [line] = store.getState().cart.cartItems;
    expect(line).toMatchObject({ keyId: 'polo1navyL', qty: 1, price: 899, variant: { variantName: 'navy', size: { size: 'L' } } });
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).cartItems).toHaveLength(1);
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('1');
  });

  it('Order Now makes the chosen size the buying item (one unit, online by default) and goes to shipping', async () => {
    signInAs('customer');
    serve(polo());
    const { store, user, router } = renderApp('/product/polo1?variant=vNavy&size=navyL');
    await user.click(await screen.findByRole('button', { name: 'Order Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipping'));
    expect(await screen.findByRole('heading', { name: 'Shipping' })).toBeInTheDocument();
    const item = store.getState().buying.item;
    expect(item).toMatchObject({
      _id: 'polo1',
      keyId: 'polo1navyL',
      qty: 1,
      actionItem: 'buyNow',
      paymentMethod: 'Razorpay',
      variant: { _id: 'vNavy', size: { _id: 'navyL', size: 'L' } },
      itemsPrice: '899.00',
      secureTransactionFee: '26.97',
      discount: '89.90',
      totalPrice: '836.07',
    });
    // The cart is not touched.
    expect(store.getState().cart.cartItems).toHaveLength(0);
  });

  it('Pre Order of a sold-out size makes a pre-order buying item; guests see neither button', async () => {
    signInAs('customer');
    serve(polo());
    const { store, user } = renderApp('/product/polo1?variant=vNavy&size=navyS');
    expect(screen.queryByRole('button', { name: 'Order Now' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Pre Order' }));
    expect(store.getState().buying.item).toMatchObject({ keyId: 'polo1navyS', actionItem: 'preOrder' });
  });

  it('hides Order Now and Pre Order from guests', async () => {
    serve(polo());
    renderApp('/product/polo1');
    await screen.findByRole('button', { name: 'Add to Cart' });
    expect(screen.queryByRole('button', { name: 'Order Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pre Order' })).not.toBeInTheDocument();
  });

  it('keeps the colours of a sold-out product and says it is sold out', async () => {
    const product = polo({ _id: 'gone', totalInStock: 0 });
    product.variants.forEach((v) => v.sizes.forEach((s) => (s.stock = 0)));
    serve(product);
    renderApp('/product/gone');
    expect(await screen.findByText('Out Of Stock')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^Pictures of/ })).not.toHaveClass('is-sold-out');
    expect(screen.getByText('Sold Out')).toBeInTheDocument();
    expect(screen.queryByText('In Stock')).not.toBeInTheDocument();
  });

  it("shows the server's 404 message in a red alert", async () => {
    mockApi((url) =>
      url.pathname === '/api/products/missing' ? { status: 404, body: { message: 'Product not found' } } : undefined,
    );
    renderApp('/product/missing');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Product not found');
    expect(alert).toHaveClass('alert-danger');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('shows a placeholder for a product without pictures', async () => {
    serve(polo({ _id: 'bare', variants: [] }));
    renderApp('/product/bare');
    expect(await screen.findByRole('img', { name: 'No picture of Cricket Club Polo' })).toBeInTheDocument();
    expect(screen.getByText('Out Of Stock')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled());
  });
});
