import ProductCard from './ProductCard';
import type { ProductSummary } from './types';

/**
 * 1 column on phones, 2 from md, 3 from lg, 4 from xl (Bootstrap's 12/6/4/3 grid, its classes written
 * out: react-bootstrap's Row and Col would bring their code to the first screen).
 */
export default function ProductGrid({ products }: { products: ProductSummary[] }) {
  return (
    <ul className="g-4 list-unstyled row" aria-label="Products">
      {products.map((product, i) => (
        <li key={product._id} className="col-12 col-md-6 col-lg-4 col-xl-3">
          <ProductCard product={product} priority={i === 0} />
        </li>
      ))}
    </ul>
  );
}
