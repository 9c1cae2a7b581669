export interface Review {
  _id: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
  /** The reviewer has a paid order of the product (the server decides). */
  verifiedPurchase?: boolean;
}

export interface SizeStock {
  _id: string;
  size: string;
  stock: number;
}

export interface Variant {
  _id: string;
  /** The colour's name as customers read it ("Mustard", "Bottle green"). */
  variantName: string;
  /** The colour of its button, #rrggbb. */
  swatch: string;
  /** URL paths, e.g. /uploads/demo/x-black-front.png */
  images: string[];
  sizes: SizeStock[];
}

export interface Product {
  _id: string;
  name: string;
  description: string;
  /** Rupees, at most two decimals. */
  price: number;
  /** The compare-at price printed on the tag (rupees, at least the price), or null. */
  mrp: number | null;
  /**
   * The size chart, a line a size: on a product's page the product's own or else the shop's; in
   * lists and the editor the product's own ('' for none).
   */
  sizeChart: string;
  /** The shop's returns note, sent with a product's page. */
  returnsNote?: string;
  /** Average rating, 0 to 5. */
  rating: number;
  numReviews: number;
  /** 0 means sold out. */
  totalInStock: number;
  totalSold: number;
  tags: string[];
  reviews: Review[];
  variants: Variant[];
  /** False for an admin's unfinished draft (only admins ever see one). */
  published?: boolean;
  /** The version of its stock, sent to admins only: a save quotes it so it never undoes sales. */
  version?: string;
  createdAt: string;
  /** The HSN code printed on the product's GST invoices (6109: T-shirts, knitted). */
  hsn?: string;
}

/**
 * What a product card and the top carousel show of a product: the storefront's lists (latest, search,
 * category, top) answer with only this of their products (internal/api/cards.go, cardProduct), and so
 * does the data the home page carries. A card that shows more needs it there too.
 */
export type ProductSummary = Pick<Product, '_id' | 'name' | 'price' | 'mrp' | 'rating' | 'numReviews' | 'totalInStock'> & {
  variants: Pick<Variant, 'images'>[];
};

/** A tag in use and how many published products carry it (GET /api/products/categories). */
export interface Category {
  name: string;
  count: number;
}

/** A page of products: whole ones in the admin's list, cards (CardPage) in the storefront's. */
export interface ProductPage<P = Product> {
  products: P[];
  pages: number;
  page: number;
  /** How many products match in all. */
  total?: number;
  /** The words searched instead of a misspelt keyword ("henley" for "henly"). */
  corrected?: string;
}

/** A page of a storefront list (latest, search, category). */
export type CardPage = ProductPage<ProductSummary>;

/** One of the suggestions under the header's search box (GET /api/products/suggest). */
export interface Suggestion {
  kind: 'category' | 'product';
  name: string;
  /** A product's id. */
  _id?: string;
  /** A product's first picture. */
  image?: string;
}

/** The first picture of the first colour variant, if any. */
export function primaryImage(product: { variants: Pick<Variant, 'images'>[] }): string | undefined {
  return product.variants?.find((v) => v.images?.length)?.images[0];
}

export function isSoldOut(product: Pick<Product, 'totalInStock'>): boolean {
  return product.totalInStock <= 0;
}

/** The sizes and colours of published products (GET /api/products/filters). */
export interface FilterChoices {
  sizes: string[];
  colors: string[];
}
