import { api } from '../../lib/api';

export interface RowProblem {
  /** The spreadsheet's row number; the header is row 1. */
  row: number;
  column?: string;
  message: string;
}

export interface ImportResult {
  row: number;
  name: string;
  action: 'create' | 'update' | 'unchanged';
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** What POST /api/products/import did, or in a dry run would do; also the body of its 400. */
export interface ImportReport {
  message?: string;
  dryRun: boolean;
  applied: boolean;
  problems: RowProblem[];
  products: ImportResult[];
}

/** The catalogue export, in the import's format. */
export const PRODUCTS_CSV_HREF = '/api/products/export.csv';

export const productImportApi = api.injectEndpoints({
  endpoints: (build) => ({
    importProducts: build.mutation<ImportReport, { csv: string; dryRun: boolean }>({
      query: ({ csv, dryRun }) => ({
        url: `/products/import?dryRun=${dryRun}`,
        method: 'POST',
        body: csv,
        headers: { 'Content-Type': 'text/csv' },
      }),
      invalidatesTags: (result) => (result?.applied ? [{ type: 'Product', id: 'LIST' }, 'Product'] : []),
    }),
  }),
});

export const { useImportProductsMutation } = productImportApi;

/** The report a refused import (400) carries, if the error is one. */
export function refusedReport(error: unknown): ImportReport | undefined {
  const data = (error as { data?: Partial<ImportReport> } | undefined)?.data;
  return Array.isArray(data?.problems) ? (data as ImportReport) : undefined;
}
