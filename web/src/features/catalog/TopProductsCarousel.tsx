import { useDeferredValue } from 'react';
import { Link } from '../../components/Link';
import Carousel from 'react-bootstrap/Carousel';
import { FaTshirt } from 'react-icons/fa';
import Rating from '../../components/Rating';
import { formatRupees } from '../../lib/format';
import { IMAGE_SIZES, responsiveImage } from '../../lib/images';
import { reviewsText } from './ProductCard';
import { useGetTopProductsQuery } from './productsApi';
import './TopProductsCarousel.scss';
import { primaryImage } from './types';

/** The top products advance every 3 s (SPEC.md §9). */
export const TOP_PRODUCTS_INTERVAL = 3000;

/**
 * The best-rated products in a carousel above Latest Products: advances every 3 s, pauses on
 * hover, swipes by touch; each slide links to its product. Shows nothing until loaded or on
 * failure: the grid below is the page's main content and carries its own error.
 */
export default function TopProductsCarousel() {
  const { data, isLoading } = useGetTopProductsQuery();
  // Rendered as background work that yields to the browser (the slides are not what the page waits for).
  const products = useDeferredValue(data);
  // Keeps the room of the carousel while it loads, so the grid below does not jump.
  if (isLoading || (data && !products)) return <div className="top-carousel top-carousel--loading mb-4" aria-hidden="true" />;
  if (!products || products.length === 0) return null;

  return (
    <section className="top-carousel mb-4" aria-label="Top products">
      <Carousel interval={TOP_PRODUCTS_INTERVAL} pause="hover" touch indicators={products.length > 1} controls={products.length > 1}>
        {products.map((product, i) => {
          const image = primaryImage(product);
          return (
            <Carousel.Item key={product._id} data-testid="top-product">
              <Link to={`/product/${encodeURIComponent(product._id)}`} className="top-carousel__slide">
                {image ? (
                  <img
                    alt={product.name}
                    {...responsiveImage(image, { sizes: IMAGE_SIZES.topCarousel, priority: i === 0, lazy: false })}
                    className="top-carousel__image"
                    draggable={false}
                  />
                ) : (
                  <span className="top-carousel__image product-card__placeholder" role="img" aria-label={`No picture of ${product.name}`}>
                    <FaTshirt aria-hidden="true" />
                  </span>
                )}
                <span className="top-carousel__text">
                  <span className="top-carousel__eyebrow">Top rated</span>
                  <span className="top-carousel__name">{product.name}</span>
                  <span className="top-carousel__price">{formatRupees(product.price)}</span>
                  <Rating value={product.rating} text={reviewsText(product.numReviews)} />
                </span>
              </Link>
            </Carousel.Item>
          );
        })}
      </Carousel>
    </section>
  );
}
