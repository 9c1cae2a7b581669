import { api } from '../../lib/api';

export interface DaySales {
  /** The IST day, YYYY-MM-DD. */
  date: string;
  revenue: number;
  orders: number;
}

export interface ProductSales {
  productId: string;
  name: string;
  units: number;
  revenue: number;
}

export interface SoldOutSize {
  productId: string;
  name: string;
  colour: string;
  size: string;
  units: number;
}

/** GET /api/reports/summary: the dashboard's figures, money in rupees. */
export interface Summary {
  days: number;
  from: string;
  to: string;
  revenue: number;
  orders: number;
  averageOrderValue: number;
  byDay: DaySales[];
  methodShare: { method: 'COD' | 'Razorpay'; orders: number; revenue: number }[];
  /** The window's COD orders, and those that came back: cancelled (or never confirmed) and returned. */
  codCancelled: { placed: number; cancelled: number; returned: number; rate: number };
  topProducts: { byUnits: ProductSales[]; byRevenue: ProductSales[] };
  soldOutSizes: SoldOutSize[];
  preOrdersWaiting: number;
  /** What waits for an admin: one entry per kind, in the server's order. */
  needsAction: { key: string; count: number }[];
}

export interface AuditEntry {
  _id: string;
  at: string;
  actorId: string;
  actorName: string;
  actorRole: string;
  address: string;
  action: string;
  targetType: string;
  targetId: string;
  target: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface AuditQuery {
  page: number;
  action?: string;
  from?: string;
  to?: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  page: number;
  pages: number;
}

/** The admin's reports: the dashboard and the audit log (admins only). */
export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSummary: build.query<Summary, number>({
      query: (days) => `/reports/summary?days=${days}`,
      providesTags: [{ type: 'Order', id: 'SUMMARY' }],
    }),
    getAudit: build.query<AuditPage, AuditQuery>({
      query: ({ page, action, from, to }) => {
        const q = new URLSearchParams({ pageNumber: String(page) });
        if (action) q.set('action', action);
        if (from) q.set('from', from);
        if (to) q.set('to', to);
        return `/audit?${q}`;
      },
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetSummaryQuery, useGetAuditQuery } = reportsApi;

/** The link that downloads the orders placed from one IST date to another, both included. */
export const ordersCsvHref = (from: string, to: string) =>
  `/api/reports/orders.csv?${new URLSearchParams({ from, to })}`;
