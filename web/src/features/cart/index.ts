/** The cart feature's public API: its lines, actions and messages, the buying item, and the stock check. */
export {
  refreshBuyingItem,
  removeBuyingItem,
  selectBuyingItem,
  setBuyingItem,
  updateBuyingItemPaymentMethod,
  type BuyingAction,
  type BuyingItem,
} from './buyingSlice';
export { useVerifyCartStockMutation } from './cartApi';
export {
  addToCart,
  CART_STORAGE_KEY,
  clearCartItems,
  itemsTotal,
  makeCartLine,
  refreshCartLines,
  savePaymentMethod,
  saveShippingAddress,
  selectCart,
  type CartItem,
} from './cartSlice';
export { lineLabel, lineLink } from './lines';
export { CART_MESSAGES } from './quantity';
