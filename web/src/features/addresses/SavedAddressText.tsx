import type { ShippingAddress } from '../../lib/address';
import { oneLine } from './addressBook';

/** A saved address as lists show it: who receives it, where, and their phone. */
export default function SavedAddressText({ address }: { address: ShippingAddress }) {
  return (
    <div className="address-card__text">
      <strong>{address.shippingName}</strong>
      <span className="d-block">{oneLine(address)}</span>
      <span className="d-block text-body-secondary small">Phone {address.shippingPhoneNumber}</span>
    </div>
  );
}
