/** The checkout screens, loaded together as one chunk when a signed-in user starts checking out. */
export { default as ShippingScreen } from './ShippingScreen';
export { default as PaymentScreen } from './PaymentScreen';
export { default as PlaceOrderScreen } from './PlaceOrderScreen';
