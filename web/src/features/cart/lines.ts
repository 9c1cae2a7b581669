import type { CartItem } from './cartSlice';
import type { AppPath } from '../../components/Link';

/** Where a cart line's product page is, with its colour and size chosen. */
export const lineLink = (item: CartItem): AppPath =>
  `/product/${encodeURIComponent(item._id)}?variant=${encodeURIComponent(item.variant._id)}&size=${encodeURIComponent(item.variant.size._id)}`;

/** "Name (colour, size)": how a line is named in labels and messages. */
export const lineLabel = (item: CartItem) => `${item.name} (${item.variant.variantName}, ${item.variant.size.size})`;
