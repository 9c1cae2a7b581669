import { api } from '../../lib/api';
import type {
  ManufacturedResult,
  Order,
  OrderListQuery,
  OrderPage,
  ReturnItem,
  ReturnReason,
  Shipment,
  PaymentStart,
  VerifyPaymentRequest,
  VerifyPaymentResult,
} from './types';

const enc = encodeURIComponent;

/** Orders (SPEC.md §7): one order, the customer's own, all of them for admins, pre-orders for makers. */
export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrderDetails: build.query<Order, string>({
      query: (id) => `/orders/${enc(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Order', id }],
    }),
    getMyOrders: build.query<OrderPage, number>({
      query: (pageNumber) => `/orders/myorders?pageNumber=${pageNumber}`,
      providesTags: [{ type: 'Order', id: 'MINE' }],
    }),
    getOrders: build.query<OrderPage, OrderListQuery>({
      query: (q) => `/orders?${listParams(q)}`,
      providesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    confirmOrder: build.mutation<Order, string>({
      query: (orderId) => ({ url: `/orders/${enc(orderId)}/confirm`, method: 'PUT' }),
      invalidatesTags: (_r, _e, orderId) => orderChanged(orderId),
    }),
    shipOrder: build.mutation<Order, { orderId: string } & Omit<Shipment, 'shippedAt'>>({
      query: ({ orderId, ...body }) => ({ url: `/orders/${enc(orderId)}/ship`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { orderId }) => orderChanged(orderId),
    }),
    cancelOrder: build.mutation<Order, { orderId: string; reason: string }>({
      query: ({ orderId, reason }) => ({ url: `/orders/${enc(orderId)}/cancel`, method: 'PUT', body: { reason } }),
      invalidatesTags: (_r, _e, { orderId }) => orderChanged(orderId),
    }),
    requestReturn: build.mutation<Order, { orderId: string; items: ReturnItem[]; reason: ReturnReason }>({
      query: ({ orderId, ...body }) => ({ url: `/orders/${enc(orderId)}/return`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { orderId }) => orderChanged(orderId),
    }),
    decideReturn: build.mutation<Order, { orderId: string; decision: 'approve' | 'reject' | 'received'; note: string }>({
      query: ({ orderId, ...body }) => ({ url: `/orders/${enc(orderId)}/return`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { orderId }) => orderChanged(orderId),
    }),
    recordRefund: build.mutation<Order, { orderId: string; refundId: string; reference: string }>({
      query: ({ orderId, refundId, reference }) => ({
        url: `/orders/${enc(orderId)}/refunds/${enc(refundId)}`,
        method: 'PUT',
        body: { reference },
      }),
      invalidatesTags: (_r, _e, { orderId }) => orderChanged(orderId),
    }),
    retryRefund: build.mutation<Order, { orderId: string; refundId: string }>({
      query: ({ orderId, refundId }) => ({ url: `/orders/${enc(orderId)}/refunds/${enc(refundId)}/retry`, method: 'POST' }),
      invalidatesTags: (_r, _e, { orderId }) => orderChanged(orderId),
    }),
    /** A page of the pre-orders: those to make first, oldest first, then the made ones. */
    getPreOrders: build.query<OrderPage, number>({
      query: (pageNumber) => `/orders/preorder?pageNumber=${pageNumber}`,
      providesTags: [{ type: 'Order', id: 'PREORDERS' }],
    }),
    payOrder: build.mutation<Order, { orderId: string; details?: Record<string, unknown> }>({
      query: ({ orderId, details }) => ({ url: `/orders/${enc(orderId)}/pay`, method: 'PUT', body: details ?? {} }),
      invalidatesTags: (_r, _e, { orderId }) => orderChanged(orderId),
    }),
    deliverOrder: build.mutation<Order, string>({
      query: (orderId) => ({ url: `/orders/${enc(orderId)}/deliver`, method: 'PUT', body: { orderId } }),
      invalidatesTags: (_r, _e, orderId) => orderChanged(orderId),
    }),
    /** Opens (or reopens) the gateway order of an unpaid online order, for the widget. */
    startOrderPayment: build.mutation<PaymentStart, string>({
      query: (orderId) => ({ url: `/orders/${enc(orderId)}/payment`, method: 'POST' }),
    }),
    // Named apart from checkout's own verify call, so each feature keeps its own cache rules.
    verifyOrderPayment: build.mutation<VerifyPaymentResult, VerifyPaymentRequest>({
      query: (body) => ({ url: '/orders/verifyPayment', method: 'POST', body }),
      // Also on failure: a late payment (409) is recorded and flags the order.
      invalidatesTags: (_r, _e, { orderId }) => orderChanged(orderId),
    }),
    markManufactured: build.mutation<ManufacturedResult, string>({
      query: (orderId) => ({ url: '/orders/preorder', method: 'PUT', body: { orderId } }),
      // Show the date at once; the lists then refetch.
      async onQueryStarted(orderId, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          for (const page of ordersApi.util.selectCachedArgsForQuery(getState(), 'getPreOrders')) {
            dispatch(
              ordersApi.util.updateQueryData('getPreOrders', page, ({ orders }) => {
                const o = orders.find((x) => x._id === orderId);
                if (o) o.mfgDate = data.data.mfgDate;
              }),
            );
          }
        } catch {
          // The screen says what went wrong.
        }
      },
      // Also on failure: the date may have been set on the server anyway.
      invalidatesTags: (_r, _e, orderId) => orderChanged(orderId),
    }),
  }),
});

/** The query string of an order list: only what is set. */
export function listParams(q: OrderListQuery): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') p.set(k, String(v));
  return p.toString();
}

function orderChanged(id: string) {
  return [
    { type: 'Order' as const, id },
    { type: 'Order' as const, id: 'MINE' },
    { type: 'Order' as const, id: 'LIST' },
    { type: 'Order' as const, id: 'PREORDERS' },
  ];
}

export const {
  useGetOrderDetailsQuery,
  useGetMyOrdersQuery,
  useGetOrdersQuery,
  useGetPreOrdersQuery,
  usePayOrderMutation,
  useDeliverOrderMutation,
  useStartOrderPaymentMutation,
  useVerifyOrderPaymentMutation,
  useMarkManufacturedMutation,
  useConfirmOrderMutation,
  useShipOrderMutation,
  useCancelOrderMutation,
  useRequestReturnMutation,
  useDecideReturnMutation,
  useRecordRefundMutation,
  useRetryRefundMutation,
} = ordersApi;
