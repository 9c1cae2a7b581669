import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import ProductGrid, { FIRST_CARDS } from './ProductGrid';

const products = Array.from({ length: 12 }, (_, i) => makeProduct({ _id: `p${i}`, name: `Tee ${i}` }));

function renderGrid() {
  return render(
    <MemoryRouter>
      <ProductGrid products={products} />
    </MemoryRouter>,
  );
}

const names = () => within(screen.getByRole('list', { name: 'Products' })).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

// One page load per file: the order of these tests is the order of the grids in it.
describe('ProductGrid', () => {
  it("draws the page's first grid in steps: the first cards in its render, the rest in the tasks after", async () => {
    const { unmount } = renderGrid();
    expect(names()).toEqual(products.slice(0, FIRST_CARDS).map((p) => p.name));
    await waitFor(() => expect(names()).toEqual(products.map((p) => p.name)));
    unmount();
  });

  it('draws a later grid whole, so that Back finds the page as long as it was', () => {
    renderGrid();
    expect(names()).toEqual(products.map((p) => p.name));
  });
});
