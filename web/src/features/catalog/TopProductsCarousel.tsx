import Carousel from 'react-bootstrap/Carousel';
import { useGetTopProductsQuery } from './productsApi';
import { TopProductSlide, TopProductStill } from './TopProductSlide';
import './TopProductsCarousel.scss';

/** The top products advance every 3 s (SPEC.md §9). */
export const TOP_PRODUCTS_INTERVAL = 3000;

/**
 * The best-rated products in a carousel above Latest Products: advances every 3 s, pauses on
 * hover, swipes by touch; each slide links to its product. Shows its first slide still until
 * the slides are ready, and nothing on failure: the grid below is the page's main content and
 * carries its own error.
 */
export default function TopProductsCarousel() {
  const { data: products, isLoading } = useGetTopProductsQuery();
  // Until they come, what stood in its place while its code loaded, so nothing on the page moves.
  if (isLoading) return <TopProductStill products={products} />;
  if (!products || products.length === 0) return null;

  return (
    <section className="top-carousel mb-4" aria-label="Top products">
      <Carousel interval={TOP_PRODUCTS_INTERVAL} pause="hover" touch indicators={products.length > 1} controls={products.length > 1}>
        {products.map((product, i) => (
          <Carousel.Item key={product._id} data-testid="top-product">
            <TopProductSlide product={product} first={i === 0} />
          </Carousel.Item>
        ))}
      </Carousel>
    </section>
  );
}
