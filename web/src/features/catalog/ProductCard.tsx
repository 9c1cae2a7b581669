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

  // Bootstrap's card written out as react-bootstrap's Card and Badge write it: they would bring their
  // code to the first screen.
  return (
    <div className={`product-card h-100 shadow-sm${soldOut ? ' product-card--sold-out' : ''} card`} data-testid="product-card">
      <div className="product-card__media">
        {image ? (
          <img className="card-img-top" alt={product.name} {...responsiveImage(image, { sizes: IMAGE_SIZES.grid, priority })} />
        ) : (
          <div className="product-card__placeholder" role="img" aria-label={`No picture of ${product.name}`}>
            <FaTshirt aria-hidden="true" />
          </div>
        )}
        {soldOut && <span className="product-card__badge badge bg-dark">Sold Out</span>}
      </div>
      <div className="d-flex flex-column gap-2 card-body">
        <h2 className="product-card__name card-title">
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
