/** The catalogue's public API: products, their types and the product queries. */
export { parsePageNumber, productsApi } from './productsApi';
export { primaryImage, type Product, type ProductPage, type SizeStock, type Variant } from './types';
