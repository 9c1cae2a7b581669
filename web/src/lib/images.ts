import pictureSizes from './picture-sizes.json';

/**
 * Responsive product pictures. The server keeps, for every picture under /uploads/, resized JPEG
 * copies 320 and 640 pixels wide (?w=320, ?w=640); the originals (the demo pictures) are 800 wide.
 * All product pictures are square.
 */

/** The widths of the server's copies, and the width assumed for an original. */
export const COPY_WIDTHS = [320, 640] as const;
export const ORIGINAL_WIDTH = 800;

/**
 * Only pictures the shop stores have copies: its /uploads/ paths, served by the shop itself or, when
 * the shop has a media URL (HAAT_MEDIA_URL), by that CDN at the same path.
 */
function hasCopies(src: string): boolean {
  return /^(https?:\/\/[^/?#]+)?\/uploads\//.test(src) && !src.includes('?') && !src.includes('#');
}

/** The address of the copy of a picture at a width (the original when there is no copy). */
export function imageAt(src: string, width: (typeof COPY_WIDTHS)[number]): string {
  return hasCopies(src) ? `${src}?w=${width}` : src;
}

/** A srcset offering the 320 and 640 copies and the original as 800w; undefined for other pictures. */
export function srcSetFor(src: string): string | undefined {
  if (!hasCopies(src)) return undefined;
  return [...COPY_WIDTHS.map((w) => `${src}?w=${w} ${w}w`), `${src} ${ORIGINAL_WIDTH}w`].join(', ');
}

/**
 * How wide pictures show (CSS pixels), for the sizes attribute: `grid` is a product card (1 column on
 * phones, 2 from md, 3 from lg, 4 from xl), `topCarousel` the round picture of the top-products
 * carousel (16rem, 11rem on phones), `productPage` the product page's picture (half the container
 * from md, the full width on phones). Containers are Bootstrap's (540, 720, 960, 1140, 1320 px) with
 * 1.5rem gutters. They live in a JSON file because the server reads them too, to ask for a page's
 * largest picture in its head before the app has loaded.
 */
export const IMAGE_SIZES = pictureSizes;

interface ResponsiveImageOptions {
  sizes: string;
  /** The picture a visitor sees first (the page's largest): loaded at once, ahead of the rest. */
  priority?: boolean;
  /**
   * Load only when scrolled near (default). Slides of a carousel set false: hidden slides would
   * otherwise start loading only as they slide in.
   */
  lazy?: boolean;
}

/** The attributes of a responsive, square product picture: src, srcSet, sizes, width, height, loading. */
export function responsiveImage(src: string, { sizes, priority = false, lazy = true }: ResponsiveImageOptions) {
  const srcSet = srcSetFor(src);
  return {
    src,
    srcSet,
    sizes: srcSet ? sizes : undefined,
    width: ORIGINAL_WIDTH,
    height: ORIGINAL_WIDTH,
    loading: priority || !lazy ? ('eager' as const) : ('lazy' as const),
    fetchPriority: priority ? ('high' as const) : undefined,
    decoding: 'async' as const,
  };
}
