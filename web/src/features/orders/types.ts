import type { ShippingAddress } from '../../lib/address';
import type { PaymentMethod } from '../../lib/pricing';

/** A line of an order: the product as it was bought (SPEC.md §3). */
export interface OrderItem {
  product: string;
  name: string;
  variantColor: string;
  size: string;
  /** URL paths of the pictures; the first is shown. */
  images: string[];
  qty: number;
  /** Rupees per unit. */
  price: number;
  preOrder: boolean;
  /** ISO time the pre-order item was made, or null while awaiting manufacture. */
  mfgDate: string | null;
}

/** Where an order stands (issue 19). */
export type OrderStatus =
  | 'awaitingPayment'
  | 'awaitingConfirmation'
  | 'placed'
  | 'shipped'
  | 'delivered'
  | 'cancelled'
  | 'expired'
  | 'returnRequested'
  | 'returned';

export const STATUS_LABEL: Record<OrderStatus, string> = {
  awaitingPayment: 'Awaiting payment',
  awaitingConfirmation: 'Awaiting confirmation',
  placed: 'Placed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  expired: 'Expired',
  returnRequested: 'Return requested',
  returned: 'Returned',
};

/** One change of an order's status: who made it, when and why. */
export interface HistoryEntry {
  status: OrderStatus;
  at: string;
  by: string;
  note: string;
}

export interface Shipment {
  courier: string;
  trackingNumber: string;
  trackingUrl: string;
  shippedAt: string;
}

/** Money going back: through the gateway, or by hand for cash on delivery. */
export interface Refund {
  id: string;
  /** Rupees. */
  amount: number;
  status: 'pending' | 'processing' | 'processed' | 'failed';
  reference: string;
  method: 'gateway' | 'manual';
  /** A failed refund an admin tried again, as a new refund. */
  retried?: boolean;
}

/** A refund through the gateway that failed and waits for an admin to try it again. */
export const retryableRefund = (f: Refund): boolean => f.method === 'gateway' && f.status === 'failed' && !f.retried;

export type ReturnReason = 'size' | 'quality' | 'notAsPictured' | 'other';

export const RETURN_REASONS: Record<ReturnReason, string> = {
  size: 'Size does not fit',
  quality: 'Quality not as expected',
  notAsPictured: 'Not as pictured',
  other: 'Other',
};

export interface ReturnItem {
  product: string;
  size: string;
  qty: number;
}

export interface OrderReturn {
  items: ReturnItem[];
  reason: ReturnReason;
  status: 'requested' | 'approved' | 'rejected' | 'received';
  note: string;
  requestedAt: string;
}

/** A page of an order list; the admin's counts the orders needing action. */
export interface OrderPage {
  orders: Order[];
  page: number;
  pages: number;
  total: number;
  needsAction?: { awaitingConfirmation: number; toShip: number; returnRequested: number; refundFailed: number };
}

export interface OrderListQuery {
  pageNumber?: number;
  status?: OrderStatus | 'toShip' | 'refundFailed' | '';
  from?: string;
  to?: string;
  q?: string;
}

/** An order as the server returns it; money in rupees, times as ISO strings. */
export interface Order {
  _id: string;
  /** The short number customers see, e.g. "100003". */
  orderId: string;
  user: { _id?: string; name: string; email: string };
  orderItems: OrderItem[];
  shippingAddress: ShippingAddress;
  paymentMethod: PaymentMethod;
  itemsPrice: number;
  shippingPrice: number;
  secureTransactionFee: number;
  discount: number;
  preOrderFee: number;
  totalPrice: number;
  status: OrderStatus;
  history: HistoryEntry[];
  shipment: Shipment | null;
  refunds: Refund[];
  returns: OrderReturn[];
  /** When an unconfirmed cash-on-delivery order is cancelled. */
  confirmDueAt?: string;
  isPaid: boolean;
  paidAt: string | null;
  isDelivered: boolean;
  deliveredDate: string | null;
  isPreOrder: boolean;
  mfgDate: string | null;
  /** Until when an unpaid online order holds its stock. */
  paymentDueAt: string | null;
  razorpayOrderId?: string;
  /**
   * A payment an admin must look at: it arrived after the order expired, or the provider reported
   * an amount, currency or status that does not match the order (the reason says which).
   */
  paymentFlagged: boolean;
  paymentFlagReason?: string;
  createdAt: string;
  /** The GST tax invoice, once the order is paid online or delivered (COD) by a shop with a GSTIN. */
  invoice?: TaxDocumentRef;
  /** Credit notes issued against the invoice: for a cancellation, refund or return. */
  creditNotes?: TaxDocumentRef[];
}

export interface TaxDocumentRef {
  number: string;
  date: string;
}

/** What the payment widget is opened with for an unpaid online order. */
export interface PaymentStart {
  key: string;
  razorpayOrderId: string;
  /** Paise. */
  amount: number;
  currency: string;
}

export interface VerifyPaymentRequest {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
  /** The order's _id. */
  orderId: string;
}

export interface VerifyPaymentResult {
  success: boolean;
  message: string;
}

export interface ManufacturedResult {
  data: { mfgDate: string; orderId: string };
}

/** The pre-order production date as SPEC.md §9 shows it: its first 10 characters (yyyy-mm-dd). */
export const productionDate = (mfgDate: string | null | undefined): string => (mfgDate ?? '').slice(0, 10);

const closed = (o: Pick<Order, 'status'>) => o.status === 'cancelled' || o.status === 'expired';

/** What the admin buttons of the order page may do (SPEC.md §4, issue 19). */
export const canMarkPaid = (o: Pick<Order, 'isPaid' | 'isDelivered' | 'status'>): boolean =>
  !o.isPaid && !o.isDelivered && !closed(o);

export const canMarkDelivered = (o: Pick<Order, 'isPaid' | 'isDelivered' | 'status'>): boolean =>
  o.isPaid && !o.isDelivered && !closed(o);

export const canShip = (o: Pick<Order, 'isPaid' | 'status' | 'paymentMethod'>): boolean =>
  o.status === 'placed' && (o.isPaid || o.paymentMethod === 'COD');

/** The customer may cancel until the order ships; an admin until it is delivered. */
export const canCancel = (o: Pick<Order, 'status'>, admin: boolean): boolean =>
  ['awaitingPayment', 'awaitingConfirmation', 'placed'].includes(o.status) || (admin && o.status === 'shipped');

/** An online order not yet paid, still holding its stock: its owner can pay it now. */
export const awaitsOnlinePayment = (o: Pick<Order, 'isPaid' | 'status' | 'paymentMethod'>): boolean =>
  o.paymentMethod === 'Razorpay' && !o.isPaid && o.status === 'awaitingPayment';
