import { screen, waitFor } from '@testing-library/react';
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
    const input = screen.getByRole('searchbox', { name: 'Search products' });
    expect(input).toHaveAttribute('placeholder', 'Search Products...');

    await user.type(input, '  polo  ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(router.state.location.pathname).toBe('/search/polo');
    expect(input).toHaveValue('');
    expect(await screen.findByRole('heading', { name: 'Results for "polo"' })).toBeInTheDocument();
  });

  it('encodes the keyword in the path', async () => {
    const { router, user } = renderApp('/');
    await user.type(screen.getByRole('searchbox'), 'tee/shirt 50%{Enter}');
    expect(router.state.location.pathname).toBe('/search/tee%2Fshirt%2050%25');
  });

  it('goes home for a whitespace-only keyword and clears the input', async () => {
    const { router, user } = renderApp('/search/polo');
    const input = screen.getByRole('searchbox', { name: 'Search products' });
    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(input).toHaveValue('');
  });
});
