import Carousel from '../../components/Carousel';
import { IMAGE_SIZES, responsiveImage } from '../../lib/images';

/** The pictures advance on their own every 5 s (SPEC.md §9). */
export const IMAGE_INTERVAL = 5000;

interface ImageCarouselProps {
  images: string[];
  /** What the pictures show, e.g. "Cricket Club Polo - navy". */
  label: string;
  interval?: number;
}

const names = { previous: 'Previous picture', next: 'Next picture', show: (n: number) => `Show picture ${n}` };

/**
 * The pictures of one colour of a product, in the shop's carousel. Remount it (key) for another
 * colour so that it starts at the first picture.
 */
export default function ImageCarousel({ images, label, interval = IMAGE_INTERVAL }: ImageCarouselProps) {
  const count = images.length;
  const slides = images.map((src, i) => ({
    key: `${i}-${src}`,
    content: (
      <img
        alt={`${label}, picture ${i + 1} of ${count}`}
        {...responsiveImage(src, { sizes: IMAGE_SIZES.productPage, priority: i === 0, lazy: false })}
        draggable={false}
        className="product-detail__image"
      />
    ),
  }));
  return (
    <Carousel
      slides={slides}
      label={`Pictures of ${label}`}
      names={names}
      interval={interval}
      className="image-carousel"
      viewportClassName="rounded shadow-sm"
    />
  );
}
