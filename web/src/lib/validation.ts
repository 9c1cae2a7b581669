/**
 * The validation rules of SPEC.md §5 with their messages, each once: search, register, OTP,
 * profile, shipping, review, cart quantity, payment limits, admin product edit and admin user edit.
 * Wherever the server checks a rule too (internal/shop) it gives the same answer and the same
 * message: testdata/validation.json holds the vectors both test suites run. The numbers are the
 * server's limits, from LIMITS.
 */
import type { ShippingAddress } from './address';
import { LIMITS } from './limits';
import type { PaymentMethod, Prices } from './pricing';

/** Digits of a one-time code, one per box. */
export const OTP_LENGTH = 6;
/** Seconds between two codes to one address: the server's auth.OTPResendWait. */
export const OTP_RESEND_WAIT_S = 60;
/** Online payment is allowed up to this total without the secure fee, in paise (₹50,000). */
const MAX_ONLINE_TOTAL = 5_000_000;
/** Cash on delivery is allowed up to this total, in paise (₹10,000). */
const MAX_COD_TOTAL = 1_000_000;
/** A character counter turns red when this many characters or fewer are left. */
export const FEW_CHARACTERS_LEFT = 20;
/** The landmark field starts with this, and an address whose landmark is only this has none. */
export const LANDMARK_PREFIX = 'Near ';

/** The messages of the rules below; SPEC.md's own words where it gives them, typos included. */
export const MESSAGES = {
  // Register, profile and the admin's user edit
  fillAll: 'Please fill all the fields',
  confirmPassword: "Please retype the 'Confirm Password' correctly",
  passwordMismatchHint: 'The passwords do not match',
  passwordShort: 'Your password must contains atleast 6 characters',
  passwordLong: 'Password should not be more than 25 characters',
  nameLong: `Name must be at most ${LIMITS.name} characters`,
  emailLong: `The e-mail address must be at most ${LIMITS.email} characters`,
  email: 'Please enter a valid email address',
  mobile: 'Please re-check your mobile number',
  mobileLong: `Your mobile number should not be more than ${LIMITS.mobile} digits`,
  verifyFirst: 'Please verify your email address with the OTP first',
  generatedShort: 'Password should not be less than 6 characters.',
  generatedLong: 'Password should not be more than 25 characters.',
  // OTP
  emailToVerify: 'Please enter your email address to verify',
  loginIdForCode: 'Please enter your email address or mobile number',
  otpInvalid: 'Please enter a valid 6-digit OTP',
  // Shipping
  shippingName: 'Please enter the name of the person receiving the order',
  shippingEmail: 'Please enter a valid email address in Basic Details',
  shippingMobile: `Please re-check the mobile number in Basic Details: it needs ${LIMITS.mobile} digits`,
  addressShort: `Address must be at least ${LIMITS.addressMin} characters`,
  addressLong: `Address must be at most ${LIMITS.address} characters`,
  cityShort: `City must be at least ${LIMITS.cityMin} characters`,
  cityLong: `City must be at most ${LIMITS.city} characters`,
  state: 'Please choose a state',
  stateUnknown: 'Please choose a state from the list',
  district: 'Please choose a district',
  pinCode: 'Pin code must be 6 digits',
  landmarkLong: `Landmark must be at most ${LIMITS.landmark} characters`,
  noteLong: `The note must be at most ${LIMITS.shippingNote} characters`,
  // Review
  rating: 'Please choose a rating from 1 to 5 stars',
  comment: 'Please write a comment',
  commentLong: `The comment must be at most ${LIMITS.reviewComment} characters`,
  // Cart quantity
  useDelete: 'Use the Delete Button',
  maxStock: 'Maximum Available Stock Quantity Reached',
  lineCap: `At most ${LIMITS.lineQty} units of a size can be ordered at once.`,
  logInForMore: 'Please Log In to Add More Quantity',
  // Payment
  onlineLimit: 'Online payment is available for orders up to ₹50,000 (without the secure transaction fee).',
  codLimit: 'Cash on delivery is available for orders of less than 10,000.',
  // Admin product edit
  tags: 'Tags may contain only letters, spaces, underscores and commas.',
  mrpBelowPrice: 'The MRP must be at least the price',
  keepOneImage: 'You need to keep at least one image to update.',
} as const;

/** The district of another state, or one not in the list. */
const districtUnknown = (state: string) => `Please choose a district of ${state} from the list`;

/** Characters as the server counts them: an emoji is one, not two UTF-16 units. */
const chars = (value: string) => Array.from(value).length;

/** Keeps the digits of a typed value, at most max of them. */
export function digitsOnly(value: string, max = Infinity): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** Cuts a value to max characters (counting an emoji as one, as the server does). */
export function capLength(value: string, max: number): string {
  return chars(value) > max ? Array.from(value).slice(0, max).join('') : value;
}

/** How many more characters a field of max characters takes. */
export const charactersLeft = (value: string, max: number) => max - chars(value);

// Search

export { searchKeyword } from './keyword';

// E-mail and mobile

/** ASCII's atext (RFC 5322) and the letters, marks and digits of every script (RFC 6531). */
const ATEXT = "[A-Za-z0-9!#$%&'*+\\-/=?^_`{|}~\\p{L}\\p{M}\\p{N}]+";
const EMAIL = new RegExp(`^${ATEXT}(?:\\.${ATEXT})*@${ATEXT}(?:\\.${ATEXT})+$`, 'u');
const MOBILE = new RegExp(`^\\d{${LIMITS.mobile}}$`);
const PIN_CODE = new RegExp(`^\\d{${LIMITS.pinCode}}$`);

/**
 * A plain address, as the server takes it (shop.ValidEmail): a dot-atom, @, and a dot-atom domain
 * with a dot in it; no quoting, comments, [literals] or spaces of any kind.
 */
const validEmail = (email: string) => chars(email) <= LIMITS.email && EMAIL.test(email);

/** Exactly 10 digits. */
const validMobile = (mobile: string) => MOBILE.test(mobile);

/** Exactly 6 digits: a pin code worth looking up (India Post may still not list it). */
export const validPinCode = (pin: string) => PIN_CODE.test(pin);

// Register, profile and the admin's user edit

/** What every account form sends. */
export interface AccountFields {
  name: string;
  email: string;
  mobileNo: string;
  password: string;
}

/** Register's and the profile's fields: the account's, and the password typed again. */
export interface AccountForm extends AccountFields {
  confirmPassword: string;
}

const filled = (f: AccountFields, passwordRequired: boolean) =>
  f.name.trim() !== '' && f.email.trim() !== '' && f.mobileNo.trim() !== '' && (!passwordRequired || f.password !== '');

/** The message for a password that breaks the length rule, or null. */
function passwordLengthProblem(password: string): string | null {
  const n = chars(password);
  if (n < LIMITS.passwordMin) return MESSAGES.passwordShort;
  if (n > LIMITS.password) return MESSAGES.passwordLong;
  return null;
}

/** The server's account rules (shop.NewUser and ProfileUpdate), in its order. */
function accountProblem(form: AccountFields, passwordRequired: boolean): string | null {
  if (!filled(form, passwordRequired)) return MESSAGES.fillAll;
  const email = form.email.trim();
  if (chars(form.name.trim()) > LIMITS.name) return MESSAGES.nameLong;
  if (chars(email) > LIMITS.email) return MESSAGES.emailLong;
  if (!validEmail(email)) return MESSAGES.email;
  if (!validMobile(form.mobileNo.trim())) return MESSAGES.mobile;
  return form.password ? passwordLengthProblem(form.password) : null;
}

/** The first sign-up rule the form breaks, or null when it may be sent. */
export function validateRegistration(form: AccountForm, emailVerified: boolean): string | null {
  if (!filled(form, true) || !form.confirmPassword) return MESSAGES.fillAll;
  if (form.password !== form.confirmPassword) return MESSAGES.confirmPassword;
  return accountProblem(form, true) ?? (emailVerified ? null : MESSAGES.verifyFirst);
}

/** The first profile rule the form breaks: the sign-up rules with the password optional. */
export function validateProfile(form: AccountForm): string | null {
  if (!filled(form, false)) return MESSAGES.fillAll;
  if (form.password !== form.confirmPassword) return MESSAGES.confirmPassword;
  return accountProblem(form, false);
}

/** The first rule the admin's edit of a user breaks: the profile's, the password generated. */
export const validateUserEdit = (form: AccountFields): string | null => accountProblem(form, false);

/** The first rule a new password chosen in a reset breaks: typed twice, the same, 6 to 25 characters. */
export function validateNewPassword(password: string, confirmPassword: string): string | null {
  if (!password || !confirmPassword) return MESSAGES.fillAll;
  if (password !== confirmPassword) return MESSAGES.confirmPassword;
  return passwordLengthProblem(password);
}

/** The live hint under the confirm field: shown once something is typed there and differs. */
export function confirmHint(password: string, confirmPassword: string): string | null {
  return confirmPassword !== '' && confirmPassword !== password ? MESSAGES.passwordMismatchHint : null;
}

/** The live warning under a password field typed past 25 characters. */
export const passwordLongHint = (password: string): string | null =>
  chars(password) > LIMITS.password ? MESSAGES.passwordLong : null;

/** The profile lets a mobile number past 10 digits be typed and warns (SPEC.md §5, profile). */
export const mobileLongHint = (mobileNo: string): string | null =>
  mobileNo.length > LIMITS.mobile ? MESSAGES.mobileLong : null;

/** The admin's mobile field says so while a number is short of 10 digits. */
export const mobileShortHint = (mobileNo: string): string | null =>
  mobileNo.length > 0 && mobileNo.length < LIMITS.mobile ? MESSAGES.mobile : null;

/** The warning for the length the admin asks the password generator for, or null within 6-25. */
export function generatedLengthProblem(length: number): string | null {
  if (!Number.isFinite(length) || length < LIMITS.passwordMin) return MESSAGES.generatedShort;
  if (length > LIMITS.password) return MESSAGES.generatedLong;
  return null;
}

/** The Verify button is enabled only for an address the server takes. */
export const canVerifyEmail = (email: string) => validEmail(email.trim());

// OTP

/** Why an address cannot be sent a code, or null. */
export function otpEmailProblem(email: string): string | null {
  const address = email.trim();
  if (!address) return MESSAGES.emailToVerify;
  return validEmail(address) ? null : MESSAGES.email;
}

const OTP = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** Exactly six digits, or the message to show in the code dialog. */
export const otpProblem = (code: string): string | null => (OTP.test(code) ? null : MESSAGES.otpInvalid);

// Shipping

/** The fields of a shipping address, in the order of the form. */
export const SHIPPING_FIELDS: readonly (keyof ShippingAddress)[] = [
  'shippingName',
  'shippingEmail',
  'shippingPhoneNumber',
  'address',
  'city',
  'state',
  'district',
  'pinCode',
  'landmark',
  'shippingNote',
];
export type ShippingField = keyof ShippingAddress;
export type ShippingErrors = Partial<Record<ShippingField, string>>;
/**
 * The districts of a state, none for a name not in the list: lib/districts.ts's districtsOf. The
 * shipping rules are handed the table, as the server's are (shop.CheckAddress), so that the header's
 * search, which needs this module on every page, does not load it.
 */
export type DistrictsOf = (state: string) => readonly string[];

/** Every rule the address breaks, field by field, judged on trimmed values as the server does. */
export function validateShipping(address: Partial<ShippingAddress>, districtsOf: DistrictsOf): ShippingErrors {
  const v = (field: ShippingField) => (address[field] ?? '').trim();
  const e: ShippingErrors = {};
  const name = v('shippingName');
  if (!name) e.shippingName = MESSAGES.shippingName;
  else if (chars(name) > LIMITS.name) e.shippingName = MESSAGES.nameLong;
  const email = v('shippingEmail');
  if (chars(email) > LIMITS.email) e.shippingEmail = MESSAGES.emailLong;
  else if (!validEmail(email)) e.shippingEmail = MESSAGES.shippingEmail;
  if (!validMobile(v('shippingPhoneNumber'))) e.shippingPhoneNumber = MESSAGES.shippingMobile;
  const street = chars(v('address'));
  if (street < LIMITS.addressMin) e.address = MESSAGES.addressShort;
  else if (street > LIMITS.address) e.address = MESSAGES.addressLong;
  const city = chars(v('city'));
  if (city < LIMITS.cityMin) e.city = MESSAGES.cityShort;
  else if (city > LIMITS.city) e.city = MESSAGES.cityLong;
  const state = v('state');
  const district = v('district');
  const districts = districtsOf(state);
  if (!state) e.state = MESSAGES.state;
  else if (!districts.length) e.state = MESSAGES.stateUnknown;
  if (!district) e.district = MESSAGES.district;
  else if (districts.length && !districts.includes(district)) e.district = districtUnknown(state);
  if (!validPinCode(v('pinCode'))) e.pinCode = MESSAGES.pinCode;
  if (chars(v('landmark')) > LIMITS.landmark) e.landmark = MESSAGES.landmarkLong;
  if (chars(v('shippingNote')) > LIMITS.shippingNote) e.shippingNote = MESSAGES.noteLong;
  return e;
}

/** A saved address the checkout can ship to. */
export function isCompleteAddress<T extends Partial<ShippingAddress>>(a: T, districtsOf: DistrictsOf): a is T & ShippingAddress {
  return Object.keys(validateShipping(a, districtsOf)).length === 0;
}

/** Continue stays disabled until address, city, district, state and pin code are filled. */
export const canContinue = (a: Partial<ShippingAddress>) =>
  (['address', 'city', 'district', 'state', 'pinCode'] as const).every((f) => (a[f] ?? '').trim() !== '');

/** The address as saved: trimmed, and a landmark that is only the 'Near ' prefix left empty. */
export function cleanAddress(a: ShippingAddress): ShippingAddress {
  const t = { ...a };
  for (const field of SHIPPING_FIELDS) t[field] = String(a[field] ?? '').trim();
  if (t.landmark === LANDMARK_PREFIX.trim()) t.landmark = '';
  t.shippingEmail = t.shippingEmail.toLowerCase();
  return t;
}

// Review

/** The first rule a review breaks: a rating of 1 to 5 stars and a comment of at most 250 characters. */
export function reviewProblem(rating: number, comment: string): string | null {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) return MESSAGES.rating;
  const text = comment.trim();
  if (!text) return MESSAGES.comment;
  if (chars(text) > LIMITS.reviewComment) return MESSAGES.commentLong;
  return null;
}

// Cart quantity

/** Whether a cart line may hold qty units of a size with stock left: at least 1, at most 10 and the stock. */
export function lineQtyProblem(qty: number, stock: number): string | null {
  if (qty < 1) return MESSAGES.useDelete;
  if (qty > LIMITS.lineQty) return MESSAGES.lineCap;
  if (qty > stock) return MESSAGES.maxStock;
  return null;
}

export type QtyChange = { qty: number } | { refused: string };

const change = (qty: number, problem: string | null): QtyChange => (problem ? { refused: problem } : { qty });

/** One more unit of a line: refused for a guest (SPEC.md §6), at 10 and at the size's stock. */
export function increaseQty(line: { qty: number; variant: { size: { stock: number } } }, signedIn: boolean): QtyChange {
  if (!signedIn) return { refused: MESSAGES.logInForMore };
  return change(line.qty + 1, lineQtyProblem(line.qty + 1, line.variant.size.stock));
}

/** One unit less: refused at 1. A line above a stock that has fallen may still come down. */
export function decreaseQty(line: { qty: number }): QtyChange {
  return change(line.qty - 1, lineQtyProblem(line.qty - 1, line.qty));
}

// Payment

/** Why a payment method is not offered for these prices: online up to ₹50,000 without the fee, COD up to ₹10,000. */
export function paymentLimitProblem(p: Pick<Prices, 'total' | 'secureFee'>, method: PaymentMethod): string | null {
  if (method === 'Razorpay') return p.total - p.secureFee > MAX_ONLINE_TOTAL ? MESSAGES.onlineLimit : null;
  return p.total > MAX_COD_TOTAL ? MESSAGES.codLimit : null;
}

// Admin product edit

/** Letters and marks of any script (Devanagari writes vowels as marks), spaces, underscores, commas. */
const TAGS = /^[\p{L}\p{M} _,]*$/u;

export const tagsProblem = (text: string): string | null => (TAGS.test(text) ? null : MESSAGES.tags);

/** The tags the server stores for the typed text: lowercase, trimmed, no empties or repeats. */
export function parseTags(text: string): string[] {
  const tags = text
    .toLowerCase()
    .split(',')
    .map((t) => t.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  return [...new Set(tags)];
}

/** Price is made positive: a negative number typed becomes its absolute value. */
export function positivePrice(typed: string): string {
  const n = Number(typed);
  return typed !== '' && Number.isFinite(n) && n < 0 ? String(Math.abs(n)) : typed;
}

/** The MRP as the server keeps it: an empty field or 0 is none. */
export const mrpValue = (typed: string): number | null => Number(typed) || null;

/** An MRP, when there is one, is at least the price. */
export function mrpProblem(price: string, mrp: string): string | null {
  const m = mrpValue(mrp);
  return m !== null && m < (Number(price) || 0) ? MESSAGES.mrpBelowPrice : null;
}

/** Stock is a whole number of at least 0: anything but digits is dropped. */
export const wholeStock = (typed: string): string => typed.replace(/\D/g, '').replace(/^0+(?=\d)/, '');

/** Size codes are uppercased as typed, at most 10 characters. */
export const sizeCode = (typed: string): string => capLength(typed.toUpperCase(), LIMITS.sizeCode);

/** A variant name is at most 20 characters. */
export const variantName = (typed: string): string => capLength(typed, LIMITS.variantName);

/** A variant keeps at least one image. */
export const imagesProblem = (images: readonly string[]): string | null => (images.length ? null : MESSAGES.keepOneImage);

/** Add Variant is disabled while the last variant has no name. */
export const canAddVariant = (variants: readonly { variantName: string }[]): boolean =>
  variants.length === 0 || variants[variants.length - 1].variantName.trim() !== '';
