import { api } from '../../lib/api';
import type { Product, ProductPage } from '../catalog';

/** A page of an admin list, with its search. */
export interface AdminListQuery {
  pageNumber: number;
  keyword: string;
}

/** The query of an admin list's page: none for the first page of the whole list. */
export function adminListParams(pageNumber: number, keyword: string): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  if (pageNumber > 1) params.pageNumber = String(pageNumber);
  if (keyword) params.keyword = keyword;
  return Object.keys(params).length > 0 ? params : undefined;
}

export interface SizePayload {
  _id?: string;
  size: string;
  stock: number;
}

export interface VariantPayload {
  _id?: string;
  variantName: string;
  swatch: string;
  images: string[];
  sizes: SizePayload[];
}

/** PUT /api/products/{id}: the whole product; existing variants and sizes carry their _id. */
export interface ProductUpdate {
  productId: string;
  name: string;
  price: number;
  mrp: number | null;
  sizeChart: string;
  /** Comma-separated text, as typed. */
  tags: string;
  description: string;
  variants: VariantPayload[];
  /** The HSN code for its invoices: 4, 6 or 8 digits. */
  hsn: string;
  /** The stock version the form was loaded at; the server refuses the save (409) if stock moved since. */
  version?: string;
}

export const adminProductsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminProducts: build.query<ProductPage, AdminListQuery>({
      query: ({ pageNumber, keyword }) => ({ url: '/products/admin', params: adminListParams(pageNumber, keyword) }),
      providesTags: (result) => [
        { type: 'Product' as const, id: 'LIST' },
        ...(result?.products ?? []).map((p) => ({ type: 'Product' as const, id: p._id })),
      ],
    }),
    /** The product as its editor loads it: drafts too, never cached, with its stock version. */
    getAdminProduct: build.query<Product, string>({
      query: (id) => `/products/admin/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    createProduct: build.mutation<Product, void>({
      query: () => ({ url: '/products', method: 'POST' }),
      invalidatesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    updateProduct: build.mutation<Product, ProductUpdate>({
      query: ({ productId, ...body }) => ({ url: `/products/${encodeURIComponent(productId)}`, method: 'PUT', body }),
      invalidatesTags: (_result, error, { productId }) =>
        error ? [] : [{ type: 'Product', id: productId }, { type: 'Product', id: 'LIST' }],
    }),
    deleteProduct: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/products/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Product', id: 'LIST' }]),
    }),
    deleteUpload: build.mutation<{ message: string }, string>({
      query: (fileName) => ({ url: `/upload/delete/${encodeURIComponent(fileName)}`, method: 'DELETE' }),
    }),
  }),
});

export const {
  useGetAdminProductsQuery,
  useGetAdminProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useDeleteUploadMutation,
} = adminProductsApi;
