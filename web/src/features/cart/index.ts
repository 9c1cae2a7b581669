/** The cart feature's public API: its lines, actions and messages, and the stock check. */
export { useVerifyCartStockMutation } from './cartApi';
export {
  addToCart,
  CART_STORAGE_KEY,
  clearCartItems,
  itemsTotal,
  makeCartLine,
  refreshCartLines,
  refreshLine,
  savePaymentMethod,
  saveShippingAddress,
  selectCart,
  type CartItem,
} from './cartSlice';
export { lineLabel, lineLink } from './lines';
export { CART_MESSAGES } from './quantity';
