/** A shipping address (SPEC.md §3): what the cart keeps for checkout, and what an order was sent to. */
export interface ShippingAddress {
  shippingName: string;
  shippingEmail: string;
  shippingPhoneNumber: string;
  address: string;
  city: string;
  district: string;
  state: string;
  pinCode: string;
  landmark: string;
  shippingNote: string;
}
