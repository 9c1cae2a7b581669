import { Link, type AppPath } from '../../components/Link';
import { FaTshirt } from 'react-icons/fa';
import Rating from '../../components/Rating';
import PriceTag from '../../components/PriceTag';
import { IMAGE_SIZES, responsiveImage } from '../../lib/images';
import { isSoldOut, primaryImage, type ProductSummary } from './types';

export function reviewsText(n: number): string {
  return `${n} review${n === 1 ? '' : 's'}`;
}

interface ProductCardProps {
  product: ProductSummary;
  /** The first card a visitor sees: its picture loads at once and first. */
  priority?: boolean;
}

export default function ProductCard({ product, priority = false }: ProductCardProps) {
  const soldOut = isSoldOut(product);
  const image = primaryImage(product);
  const href: AppPath = `/product/${encodeURIComponent(product._id)}`;

  // A card of its own rather than Bootstrap's (index.css says why), and Bootstrap's badge written out
  // as react-bootstrap's Badge writes it: that would bring its code to the first screen.
  return (
    <div className={`product-card${soldOut ? ' product-card--sold-out' : ''}`} data-testid="product-card">
      <div className="product-card__media">
        {image ? (
          <img alt={product.name} {...responsiveImage(image, { sizes: IMAGE_SIZES.grid, priority })} />
        ) : (
          <div className="product-card__placeholder" role="img" aria-label={`No picture of ${product.name}`}>
            <FaTshirt aria-hidden="true" />
          </div>
        )}
        {soldOut && <span className="product-card__badge badge bg-dark">Sold Out</span>}
      </div>
      <div className="product-card__body">
        <h2 className="product-card__name">
          <Link to={href} className="stretched-link">
            {product.name}
          </Link>
        </h2>
        <Rating value={product.rating} text={reviewsText(product.numReviews)} />
        <div className="product-card__price mt-auto">
          <PriceTag price={product.price} mrp={product.mrp} />
        </div>
      </div>
    </div>
  );
}
