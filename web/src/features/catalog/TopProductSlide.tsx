import { Link } from '../../components/Link';
import { FaTshirt } from 'react-icons/fa';
import Rating from '../../components/Rating';
import { formatRupees } from '../../lib/format';
import { IMAGE_SIZES, responsiveImage } from '../../lib/images';
import { reviewsText } from './ProductCard';
import { primaryImage, type ProductSummary } from './types';

/** One top product as the carousel shows it: its round picture, name, price and rating, linking to it. */
export function TopProductSlide({ product, first }: { product: ProductSummary; first: boolean }) {
  const image = primaryImage(product);
  return (
    <Link to={`/product/${encodeURIComponent(product._id)}`} className="top-carousel__slide">
      {image ? (
        <img
          alt={product.name}
          {...responsiveImage(image, { sizes: IMAGE_SIZES.topCarousel, priority: first, lazy: false })}
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
  );
}

/**
 * The carousel's first slide, still, where the carousel goes while its code loads (it comes once the
 * page is idle): on a phone that picture is the largest thing on the first screen, and the top
 * products come with the page. The room alone while they load; nothing when there are none.
 */
export function TopProductStill({ products }: { products: ProductSummary[] | undefined }) {
  if (!products) return <div className="top-carousel top-carousel--loading mb-4" aria-hidden="true" />;
  if (products.length === 0) return null;
  return (
    <section className="top-carousel mb-4" aria-label="Top products">
      <div className="top-carousel__still">
        <TopProductSlide product={products[0]} first />
      </div>
    </section>
  );
}
