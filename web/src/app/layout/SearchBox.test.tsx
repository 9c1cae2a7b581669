import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';

describe('SearchBox', () => {
  beforeEach(() => {
    mockApi((url) =>
      url.pathname === '/api/products' ? { body: { products: [makeProduct()], pages: 1, page: 1 } } : undefined,
    );
  });

  it('searches for the trimmed keyword and clears the input', async () => {
    const { router, user } = renderApp('/');
    const input = screen.getByRole('combobox', { name: 'Search products' });
    expect(input).toHaveAttribute('placeholder', 'Search Products...');

    await user.type(input, '  polo  ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(router.state.location.pathname).toBe('/search/polo');
    expect(input).toHaveValue('');
    expect(await screen.findByRole('heading', { name: 'Results for "polo"' })).toBeInTheDocument();
  });

  it('encodes the keyword in the path', async () => {
    const { router, user } = renderApp('/');
    await user.type(screen.getByRole('combobox', { name: 'Search products' }), 'tee/shirt 50%{Enter}');
    expect(router.state.location.pathname).toBe('/search/tee%2Fshirt%2050%25');
  });

  it('goes home for a whitespace-only keyword and clears the input', async () => {
    const { router, user } = renderApp('/search/polo');
    const input = screen.getByRole('combobox', { name: 'Search products' });
    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(input).toHaveValue('');
  });

  describe('suggestions', () => {
    const suggestions = [
      { kind: 'category', name: 'polo' },
      { kind: 'product', name: 'Polo Oxford Shirt', _id: 'p1', image: '/uploads/demo/polo.png' },
      { kind: 'product', name: 'Black Polo', _id: 'p2', image: '/uploads/demo/black.png' },
    ];
    let server: ReturnType<typeof mockApi>;
    beforeEach(() => {
      server = mockApi((url) => {
        if (url.pathname === '/api/products/suggest') return { body: suggestions };
        if (url.pathname === '/api/products') return { body: { products: [makeProduct()], pages: 1, page: 1 } };
        return undefined;
      });
    });

    it('asks once the keyword has two characters and lists categories and products', async () => {
      const { user } = renderApp('/');
      const input = screen.getByRole('combobox', { name: 'Search products' });
      await user.type(input, 'p');
      await user.type(input, 'o');
      const list = await screen.findByRole('listbox', { name: 'Suggestions' });
      expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual([
        'poloCategory',
        'Polo Oxford Shirt',
        'Black Polo',
      ]);
      expect(input).toHaveAttribute('aria-expanded', 'true');
      expect(server.calls.filter((c) => c.startsWith('/api/products/suggest'))).toEqual(['/api/products/suggest?q=po']);
    });

    it('moves through them with the arrow keys and opens the one chosen with Enter', async () => {
      const { router, user } = renderApp('/');
      const input = screen.getByRole('combobox', { name: 'Search products' });
      await user.type(input, 'polo');
      await screen.findByRole('listbox', { name: 'Suggestions' });
      await user.keyboard('{ArrowDown}{ArrowDown}');
      const chosen = screen.getByRole('option', { name: 'Polo Oxford Shirt' });
      expect(chosen).toHaveAttribute('aria-selected', 'true');
      expect(input).toHaveAttribute('aria-activedescendant', chosen.id);
      await user.keyboard('{Enter}');
      expect(router.state.location.pathname).toBe('/product/p1');
      expect(input).toHaveValue('');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    });

    it('opens a category on a tap, and Escape closes the list', async () => {
      const { router, user } = renderApp('/');
      const input = screen.getByRole('combobox', { name: 'Search products' });
      await user.type(input, 'po');
      await screen.findByRole('listbox', { name: 'Suggestions' });
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      await user.type(input, 'l');
      await user.click(await screen.findByRole('option', { name: /^polo/ }));
      expect(router.state.location.pathname).toBe('/category/polo');
    });

    it('searches the words as typed when Enter comes with no suggestion chosen', async () => {
      const { router, user } = renderApp('/');
      const input = screen.getByRole('combobox', { name: 'Search products' });
      await user.type(input, 'polo');
      await screen.findByRole('listbox', { name: 'Suggestions' });
      await user.keyboard('{Enter}');
      expect(router.state.location.pathname).toBe('/search/polo');
    });
  });
});
