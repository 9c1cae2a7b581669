import Carousel from '../../components/Carousel';
import { useGetTopProductsQuery } from './productsApi';
import { TopProductSlide, TopProductStill } from './TopProductSlide';
import './TopProductsCarousel.css';

/** The top products advance every 3 s (SPEC.md §9). */
export const TOP_PRODUCTS_INTERVAL = 3000;

const names = { previous: 'Previous product', next: 'Next product', show: (n: number) => `Show top product ${n}` };

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

  const slides = products.map((product, i) => ({
    key: product._id,
    testId: 'top-product',
    content: <TopProductSlide product={product} first={i === 0} />,
  }));
  return <Carousel slides={slides} label="Top products" names={names} interval={TOP_PRODUCTS_INTERVAL} className="top-carousel mb-4" />;
}
