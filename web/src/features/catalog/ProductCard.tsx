import { Link } from '../../components/Link';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
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
  const href = `/product/${encodeURIComponent(product._id)}`;

  return (
    <Card
      className={`product-card h-100 shadow-sm${soldOut ? ' product-card--sold-out' : ''}`}
      data-testid="product-card"
    >
      <div className="product-card__media">
        {image ? (
          <Card.Img variant="top" alt={product.name} {...responsiveImage(image, { sizes: IMAGE_SIZES.grid, priority })} />
        ) : (
          <div className="product-card__placeholder" role="img" aria-label={`No picture of ${product.name}`}>
            <FaTshirt aria-hidden="true" />
          </div>
        )}
        {soldOut && (
          <Badge bg="dark" className="product-card__badge">
            Sold Out
          </Badge>
        )}
      </div>
      <Card.Body className="d-flex flex-column gap-2">
        <Card.Title as="h2" className="product-card__name">
          <Link to={href} className="stretched-link">
            {product.name}
          </Link>
        </Card.Title>
        <Rating value={product.rating} text={reviewsText(product.numReviews)} />
        <div className="product-card__price mt-auto">
          <PriceTag price={product.price} mrp={product.mrp} />
        </div>
      </Card.Body>
    </Card>
  );
}
