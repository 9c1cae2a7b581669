/**
 * The longest (and some shortest) text each form field takes, in characters, and the most items a
 * list takes: the server's limits (internal/shop), so a form never lets through what the server
 * refuses. testdata/field-limits.json holds them for both test suites to check.
 */
export const LIMITS = {
  name: 50,
  email: 254,
  mobile: 10,
  passwordMin: 6,
  password: 25,
  address: 200,
  addressMin: 10,
  city: 50,
  cityMin: 4,
  pinCode: 6,
  landmark: 50,
  shippingNote: 150,
  productName: 120,
  description: 4000,
  variantName: 20,
  sizeCode: 10,
  tag: 30,
  tags: 20,
  imagePath: 200,
  imagesPerVariant: 10,
  variants: 20,
  sizesPerVariant: 15,
  reviewComment: 250,
  keyword: 100,
  /** Units of one size in one cart line. */
  lineQty: 10,
  /** A product's size chart, and the shop's. */
  sizeChart: 2000,
} as const;
