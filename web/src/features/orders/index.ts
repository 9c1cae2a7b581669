/** The orders feature's public API: the order types, the order lists' queries and My Orders. */
export { default as MyOrders } from './MyOrders';
export { useGetOrdersQuery, useGetPreOrdersQuery, useMarkManufacturedMutation } from './ordersApi';
export { productionDate, retryableRefund, STATUS_LABEL, type Order, type OrderItem, type OrderListQuery, type OrderStatus } from './types';
export { default as OrdersTable, orderColumns, type OrderColumn } from './OrdersTable';
export { default as StatusBadge } from './StatusBadge';
