/**
 * The messages of paying for and following an order (SPEC.md §8), shared by the checkout and the
 * order page. The server's own message, when it sends one, goes first (lib/errors.ts).
 */
export const ORDER_MESSAGES = {
  paymentSuccess: 'Payment Successful!',
  verificationFailed: 'Payment verification failed.',
  /** The payment widget was closed before paying. */
  paymentNotCompleted: 'The payment was not completed. Your order is saved: you can pay for it from its page.',
  repriced: 'The prices shown below are now up to date. Please check the total and place the order again.',
  paymentPending: 'Payment not received yet',
  notDelivered: 'Yet to be deliver.',
  markedPaid: 'Payment Received: the order is marked as paid.',
  delivered: 'Order Delivered',
  unauthorised: 'Unauthorised access',
} as const;
