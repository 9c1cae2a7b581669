import type { ShippingAddress } from '../../lib/address';
import { LIMITS } from '../../lib/limits';
import { cleanAddress, digitsOnly, LANDMARK_PREFIX, SHIPPING_FIELDS } from '../../lib/validation';

/** An empty address with the account's basic details, which an address defaults to (SPEC.md §5). */
export const blankAddress = (user: { name: string; email: string; mobileNo: string } | null): ShippingAddress => ({
  shippingName: user?.name ?? '',
  shippingEmail: user?.email ?? '',
  shippingPhoneNumber: digitsOnly(user?.mobileNo ?? '', LIMITS.mobile),
  address: '',
  city: '',
  state: '',
  district: '',
  pinCode: '',
  landmark: LANDMARK_PREFIX,
  shippingNote: '',
});

/** The address without its id and default mark: what a form holds. */
export function fieldsOf(a: ShippingAddress): ShippingAddress {
  const out = {} as ShippingAddress;
  for (const f of SHIPPING_FIELDS) out[f] = a[f] ?? '';
  return out;
}

/** A saved address as a form holds it: its fields, the landmark field starting with 'Near '. */
export const formOf = (a: ShippingAddress): ShippingAddress => ({ ...fieldsOf(a), landmark: a.landmark || LANDMARK_PREFIX });

/** Whether two addresses are the same once saved (trimmed, no bare 'Near ' landmark). */
export function sameAddress(a: ShippingAddress, b: ShippingAddress): boolean {
  const x = cleanAddress(fieldsOf(a));
  const y = cleanAddress(fieldsOf(b));
  return SHIPPING_FIELDS.every((f) => x[f] === y[f]);
}

/** The address on one line, as a list of saved addresses shows it. */
export const oneLine = (a: ShippingAddress) =>
  [a.address, a.landmark, a.city, a.district, `${a.state} ${a.pinCode}`].filter((p) => p && p.trim()).join(', ');
