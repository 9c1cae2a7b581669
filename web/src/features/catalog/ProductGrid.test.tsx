import { render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import type { ProductSummary } from './types';

const products = (n: number) => Array.from({ length: n }, (_, i) => makeProduct({ _id: `p${i}`, name: `Tee ${i}` }));

// A fresh module for each test: a page load of its own, whose first grid is drawn in steps.
let ProductGrid: ComponentType<{ products: ProductSummary[] }>;
let FIRST_CARDS: number;
beforeEach(async () => {
  vi.resetModules();
  ({ default: ProductGrid, FIRST_CARDS } = await import('./ProductGrid'));
});

function renderGrid(list: ProductSummary[]) {
  return render(
    <MemoryRouter>
      <ProductGrid products={list} />
    </MemoryRouter>,
  );
}

const names = () => within(screen.getByRole('list', { name: 'Products' })).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('ProductGrid', () => {
  it("draws the page's first grid in steps: the first cards in its render, the rest in the tasks after", async () => {
    const twelve = products(12);
    renderGrid(twelve);
    expect(names()).toEqual(twelve.slice(0, FIRST_CARDS).map((p) => p.name));
    await waitFor(() => expect(names()).toEqual(twelve.map((p) => p.name)));
  });

  it('draws a later grid whole, so that Back finds the page as long as it was', async () => {
    const twelve = products(12);
    const first = renderGrid(twelve);
    await waitFor(() => expect(names()).toHaveLength(12));
    first.unmount();
    renderGrid(twelve);
    expect(names()).toEqual(twelve.map((p) => p.name));
  });

  it('draws a longer list given to a grid already drawn whole at once', async () => {
    const { rerender } = renderGrid(products(3));
    expect(names()).toHaveLength(3);
    rerender(
      <MemoryRouter>
        <ProductGrid products={products(12)} />
      </MemoryRouter>,
    );
    expect(names()).toHaveLength(12);
  });
});
