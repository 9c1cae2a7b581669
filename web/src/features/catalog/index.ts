/** The catalogue's public API: products, their types and the product queries. */
export { parsePageNumber, productsApi, useGetSuggestionsQuery } from './productsApi';
export { primaryImage, type Product, type ProductPage, type SizeStock, type Suggestion, type Variant } from './types';
