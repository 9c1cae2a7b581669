/** The cart's quantity rules (SPEC.md §5, §6, §9) and the cart's messages (SPEC.md §8). */

/** At most this many units of one line, and never more than the size's stock. */
export const MAX_LINE_QTY = 10;

export const CART_MESSAGES = {
  useDelete: 'Use the Delete Button',
  maxStock: 'Maximum Available Stock Quantity Reached',
  logInForMore: 'Please Log In to Add More Quantity',
  empty: 'Your Cart is empty',
  limitNote: 'At most 10 units per product can be added, if in stock.',
  verifyFailed: 'Stock verification failed',
  stockIssue: "There's some issue with the stock status with the items in your cart.",
  recheck: 'Please recheck your cart items.',
  removeAndAdd: 'Remove it and add again to update item quantity.',
} as const;

export type QtyChange = { qty: number } | { refused: string };

/** One more unit of a line: refused for a guest, at 10 and at the size's stock. */
export function increaseQty(line: { qty: number; variant: { size: { stock: number } } }, signedIn: boolean): QtyChange {
  if (!signedIn) return { refused: CART_MESSAGES.logInForMore };
  if (line.qty >= MAX_LINE_QTY || line.qty >= line.variant.size.stock) return { refused: CART_MESSAGES.maxStock };
  return { qty: line.qty + 1 };
}

/** One unit less: refused at 1 (the line is removed with its delete button instead). */
export function decreaseQty(line: { qty: number }): QtyChange {
  if (line.qty <= 1) return { refused: CART_MESSAGES.useDelete };
  return { qty: line.qty - 1 };
}
