import type { Order, OrderItem } from '../features/orders';

/** Test data: an order line. */
export function makeOrderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    product: 'p1',
    name: 'Classic Tee',
    variantColor: 'black',
    size: 'M',
    images: ['/uploads/demo/p1-black-front.png'],
    qty: 2,
    price: 499,
    preOrder: false,
    mfgDate: null,
    ...overrides,
  };
}

/** Test data: a placed, unpaid cash-on-delivery order of the fixtures' customer (u-customer). */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'o1',
    orderId: '100003',
    user: { _id: 'u-customer', name: 'Chitra Customer', email: 'customer@example.com' },
    orderItems: [makeOrderItem()],
    shippingAddress: {
      shippingName: 'Chitra Customer',
      shippingEmail: 'customer@example.com',
      shippingPhoneNumber: '9000000003',
      address: '12 MG Road, Indiranagar',
      city: 'Bengaluru',
      district: 'Bengaluru Urban',
      state: 'Karnataka',
      pinCode: '560038',
      landmark: 'Near the metro',
      shippingNote: 'Ring twice',
    },
    paymentMethod: 'COD',
    history: [],
    shipment: null,
    refunds: [],
    returns: [],
    itemsPrice: 998,
    shippingPrice: 0,
    secureTransactionFee: 0,
    discount: 0,
    preOrderFee: 0,
    totalPrice: 998,
    status: 'placed',
    isPaid: false,
    paidAt: null,
    isDelivered: false,
    deliveredDate: null,
    isPreOrder: false,
    mfgDate: null,
    paymentDueAt: null,
    paymentFlagged: false,
    createdAt: '2026-11-20T08:15:00Z',
    ...overrides,
  };
}

/** An unpaid online order, holding its stock until paymentDueAt. */
export function makeOnlineOrder(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    paymentMethod: 'Razorpay',
    itemsPrice: 998,
    shippingPrice: 0,
    secureTransactionFee: 29.94,
    discount: 99.8,
    totalPrice: 928.14,
    status: 'awaitingPayment',
    paymentDueAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    razorpayOrderId: 'order_ABCDEFGHIJKLMN',
    ...overrides,
  });
}

/** Test data: a page of an order list holding orders. */
export function orderPage(orders: Order[], page = 1, pages = 1) {
  return { orders, page, pages, total: orders.length };
}
