export const ORDER_MESSAGES = {
  unauthorised: 'Unauthorised access',
  notPaid: 'Payment not received yet',
  notDelivered: 'Yet to be deliver.',
  delivered: 'Order Delivered',
  markedPaid: 'Payment Received: the order is marked as paid.',
  paymentSuccess: 'Payment Successful!',
  verificationFailed: 'Payment verification failed.',
} as const;

/** The message of a server error, if it sent one. */
export function serverMessage(err: unknown): string | undefined {
  const data = (err as { data?: { message?: unknown } } | null)?.data;
  return typeof data?.message === 'string' && data.message.trim() ? data.message : undefined;
}
