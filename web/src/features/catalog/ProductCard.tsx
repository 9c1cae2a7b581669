import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { FaTshirt } from 'react-icons/fa';
import Rating from '../../components/Rating';
import { formatRupees } from '../../lib/format';
import { isSoldOut, primaryImage, type Product } from './types';

export function reviewsText(n: number): string {
  return `${n} review${n === 1 ? '' : 's'}`;
}

export default function ProductCard({ product }: { product: Product }) {
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
          <Card.Img
            variant="top"
            src={image}
            alt={product.name}
            width={600}
            height={600}
            loading="lazy"
            decoding="async"
          />
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
        <Card.Title as="h3" className="product-card__name">
          <Link to={href} className="stretched-link">
            {product.name}
          </Link>
        </Card.Title>
        <Rating value={product.rating} text={reviewsText(product.numReviews)} />
        <div className="product-card__price mt-auto">{formatRupees(product.price)}</div>
      </Card.Body>
    </Card>
  );
}
