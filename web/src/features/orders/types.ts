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

export type OrderStatus = 'placed' | 'cancelled';

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
  /** An unpaid online order is cancelled when its payment hold ends. */
  status: OrderStatus;
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

/** What the admin buttons of the order page may do (SPEC.md §4). */
export const canMarkPaid = (o: Pick<Order, 'isPaid' | 'isDelivered' | 'status'>): boolean =>
  !o.isPaid && !o.isDelivered && o.status === 'placed';

export const canMarkDelivered = (o: Pick<Order, 'isPaid' | 'isDelivered' | 'status'>): boolean =>
  o.isPaid && !o.isDelivered && o.status === 'placed';

/** An online order not yet paid, still holding its stock: its owner can pay it now. */
export const awaitsOnlinePayment = (o: Pick<Order, 'isPaid' | 'status' | 'paymentMethod'>): boolean =>
  o.paymentMethod === 'Razorpay' && !o.isPaid && o.status === 'placed';
