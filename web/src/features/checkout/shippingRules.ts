import type { ShippingAddress } from '../../lib/address';
import { LIMITS } from '../../lib/limits';
import { districtsOf } from './districts';

/** The shipping rules of SPEC.md §5 and limits of §9, with the server's messages. */
export const SHIPPING_LIMITS = {
  name: LIMITS.name,
  email: LIMITS.email,
  mobile: LIMITS.mobile,
  pinCode: LIMITS.pinCode,
  address: LIMITS.address,
  addressMin: LIMITS.addressMin,
  city: LIMITS.city,
  cityMin: LIMITS.cityMin,
  landmark: LIMITS.landmark,
  note: LIMITS.shippingNote,
} as const;

export const LANDMARK_PREFIX = 'Near ';

export const SHIPPING_MESSAGES = {
  name: 'Please enter the name of the person receiving the order',
  email: 'Please enter a valid email address in Basic Details',
  mobile: 'Please re-check the mobile number in Basic Details: it needs 10 digits',
  address: 'Address must be at least 10 characters',
  city: 'City must be at least 4 characters',
  state: 'Please choose a state',
  district: 'Please choose a district',
  pinCode: 'Pin code must be 6 digits',
} as const;

export type ShippingErrors = Partial<Record<keyof ShippingAddress, string>>;

const chars = (s: string) => Array.from(s.trim()).length;

/** An e-mail address with an @ and a dot after it, and no spaces. */
export const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

/** Every rule the address breaks, field by field, in the order of the form. */
export function validateShipping(a: Partial<ShippingAddress>): ShippingErrors {
  const e: ShippingErrors = {};
  const v = (k: keyof ShippingAddress) => a[k] ?? '';
  if (!v('shippingName').trim()) e.shippingName = SHIPPING_MESSAGES.name;
  if (!looksLikeEmail(v('shippingEmail'))) e.shippingEmail = SHIPPING_MESSAGES.email;
  if (!/^\d{10}$/.test(v('shippingPhoneNumber'))) e.shippingPhoneNumber = SHIPPING_MESSAGES.mobile;
  if (chars(v('address')) < SHIPPING_LIMITS.addressMin) e.address = SHIPPING_MESSAGES.address;
  else if (chars(v('address')) > SHIPPING_LIMITS.address) e.address = `Address must be at most ${SHIPPING_LIMITS.address} characters`;
  if (chars(v('city')) < SHIPPING_LIMITS.cityMin) e.city = SHIPPING_MESSAGES.city;
  else if (chars(v('city')) > SHIPPING_LIMITS.city) e.city = `City must be at most ${SHIPPING_LIMITS.city} characters`;
  if (!districtsOf(v('state')).length) e.state = SHIPPING_MESSAGES.state;
  else if (!districtsOf(v('state')).includes(v('district'))) e.district = SHIPPING_MESSAGES.district;
  if (!/^\d{6}$/.test(v('pinCode'))) e.pinCode = SHIPPING_MESSAGES.pinCode;
  if (chars(v('landmark')) > SHIPPING_LIMITS.landmark) e.landmark = `Landmark must be at most ${SHIPPING_LIMITS.landmark} characters`;
  if (chars(v('shippingNote')) > SHIPPING_LIMITS.note) e.shippingNote = `The note must be at most ${SHIPPING_LIMITS.note} characters`;
  return e;
}

/** A saved address the checkout can ship to. */
export const isCompleteAddress = (a: Partial<ShippingAddress>): a is ShippingAddress =>
  Object.keys(validateShipping(a)).length === 0;

/** Continue stays disabled until address, city, district, state and pin code are filled. */
export const canContinue = (a: Partial<ShippingAddress>) =>
  [a.address, a.city, a.district, a.state, a.pinCode].every((v) => (v ?? '').trim() !== '');

/** The address as saved: trimmed, and a landmark that is only the 'Near ' prefix left empty. */
export function cleanAddress(a: ShippingAddress): ShippingAddress {
  const t = Object.fromEntries(Object.entries(a).map(([k, v]) => [k, String(v ?? '').trim()])) as unknown as ShippingAddress;
  if (t.landmark === LANDMARK_PREFIX.trim()) t.landmark = '';
  t.shippingEmail = t.shippingEmail.toLowerCase();
  return t;
}
