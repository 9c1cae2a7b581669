import { useEffect, useState } from 'react';
import ProductCard from './ProductCard';
import type { ProductSummary } from './types';

/** Cards in the page's first render: a row of the widest layout; a phone's first screen shows one. */
export const FIRST_CARDS = 4;
/** Cards added in each task after that. */
export const CARDS_PER_STEP = 2;

// Whether a grid has been drawn in this page yet: only the first is drawn in steps. One that comes
// with a move within the app is drawn whole, so that Back can scroll to where the visitor left it.
let drawnBefore = false;

/**
 * 1 column on phones, 2 from md, 3 from lg, 4 from xl (Bootstrap's 12/6/4/3 grid, its classes written
 * out: react-bootstrap's Row and Col would bring their code to the first screen).
 *
 * On the page's first render only the first few cards are drawn, and the rest a few at a time in the
 * tasks that follow. Preact draws a render in one go, and the whole page in one task held a phone's
 * main thread for some hundred and fifty milliseconds (counting the style and layout after it) while
 * most of the cards were below the first screen.
 */
export default function ProductGrid({ products }: { products: ProductSummary[] }) {
  const [shown, setShown] = useState(drawnBefore || products.length <= FIRST_CARDS ? Infinity : FIRST_CARDS);
  useEffect(() => {
    drawnBefore = true;
  }, []);
  useEffect(() => {
    if (shown === Infinity) return;
    // Whole once every card is in, so that a longer list given later is drawn whole too.
    const t = setTimeout(() => setShown((n) => (n + CARDS_PER_STEP >= products.length ? Infinity : n + CARDS_PER_STEP)));
    return () => clearTimeout(t);
  }, [shown, products.length]);

  return (
    <ul className="g-4 list-unstyled row" aria-label="Products">
      {products.slice(0, shown).map((product, i) => (
        <li key={product._id} className="col-12 col-md-6 col-lg-4 col-xl-3">
          <ProductCard product={product} priority={i === 0} />
        </li>
      ))}
    </ul>
  );
}
