/** The orders feature's public API: the order types, the order lists' queries and My Orders. */
export { default as MyOrders } from './MyOrders';
export { useGetOrdersQuery, useGetPreOrdersQuery, useMarkManufacturedMutation } from './ordersApi';
export { productionDate, type Order, type OrderItem } from './types';
export { default as OrdersTable, orderColumns, type OrderColumn } from './OrdersTable';
