/**
 * The cart's messages (SPEC.md §8) and its note on quantities. The quantity rules themselves, and
 * their messages, are in lib/validation.ts.
 */
import { LIMITS } from '../../lib/limits';

export const CART_MESSAGES = {
  empty: 'Your Cart is empty',
  limitNote: `At most ${LIMITS.lineQty} units of each size can be added, if in stock.`,
  soldOut: 'Sold out',
  heldBack: (lines: string[]) => `Sold out: ${lines.join(', ')}. Remove ${lines.length === 1 ? 'it' : 'them'} to check out.`,
  verifyFailed: 'Stock verification failed',
  stockIssue: "There's some issue with the stock status with the items in your cart.",
  recheck: 'Please recheck your cart items.',
  removeAndAdd: 'Remove it and add again to update item quantity.',
} as const;
