/** The account rules and messages of SPEC.md §5 (register, OTP, profile) and §9 (limits). */
import { LIMITS } from '../../lib/limits';

export const NAME_MAX = LIMITS.name;
export const EMAIL_MAX = LIMITS.email;
export const MOBILE_LENGTH = LIMITS.mobile;
export const PASSWORD_MIN = LIMITS.passwordMin;
export const PASSWORD_MAX = LIMITS.password;
export const OTP_LENGTH = 6;
/** The header shows at most this many characters of the user's name. */
export const HEADER_NAME_MAX = 20;

export const MESSAGES = {
  fillAll: 'Please fill all the fields',
  confirmPassword: "Please retype the 'Confirm Password' correctly",
  passwordShort: 'Your password must contains atleast 6 characters',
  passwordLong: 'Password should not be more than 25 characters',
  mobile: 'Please re-check your mobile number',
  mobileLong: 'Your mobile number should not be more than 10 digits',
  passwordMismatchHint: 'The passwords do not match',
  emailToVerify: 'Please enter your email address to verify',
  verifyFirst: 'Please verify your email address with the OTP first',
  otpInvalid: 'Please enter a valid 6-digit OTP',
  otpSendFailed: 'Failed to send OTP',
  otpFailed: 'OTP verification failed',
  otpVerifyFailed: 'Failed to verify OTP',
  emailVerified: 'Email verified successfully!',
  passwordReset: 'Please check your email for the new password.',
  relogin: 'Profile Updated Successfully. Please login again with your updated login details',
  profileUpdated: 'Profile Updated Successfully.',
  loggedOut: 'You have been logged Out successfully!',
  logoutFailed: 'Unable to log you out, you can check console for more details.',
} as const;

/** Keeps the digits of a typed value, at most max of them. */
export function digitsOnly(value: string, max = Infinity): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** Cuts a value to max characters (counting an emoji as one, as the server does). */
export function capLength(value: string, max: number): string {
  const chars = Array.from(value);
  return chars.length > max ? chars.slice(0, max).join('') : value;
}

const charCount = (value: string) => Array.from(value).length;

/** The Verify button is enabled only for an address with an @ and a dot after it. */
export function canVerifyEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
}

/** The header's title for a user: the name cut at 20 characters, with '...' when cut. */
export function truncateName(name: string, max = HEADER_NAME_MAX): string {
  return charCount(name) > max ? `${Array.from(name).slice(0, max).join('')}...` : name;
}

/** The message for a password that breaks the length rule, or null. */
export function passwordLengthProblem(password: string): string | null {
  const n = charCount(password);
  if (n < PASSWORD_MIN) return MESSAGES.passwordShort;
  if (n > PASSWORD_MAX) return MESSAGES.passwordLong;
  return null;
}

/** The live hint under the confirm field: shown once something is typed there and differs. */
export function confirmHint(password: string, confirmPassword: string): string | null {
  return confirmPassword !== '' && confirmPassword !== password ? MESSAGES.passwordMismatchHint : null;
}

export interface AccountForm {
  name: string;
  email: string;
  mobileNo: string;
  password: string;
  confirmPassword: string;
}

/** The first sign-up rule the form breaks (SPEC.md §5, register), or null when it may be sent. */
export function validateRegistration(form: AccountForm, emailVerified: boolean): string | null {
  const { name, email, mobileNo, password, confirmPassword } = form;
  if (!name.trim() || !email.trim() || !mobileNo || !password || !confirmPassword) return MESSAGES.fillAll;
  if (password !== confirmPassword) return MESSAGES.confirmPassword;
  const pw = passwordLengthProblem(password);
  if (pw) return pw;
  if (mobileNo.length !== MOBILE_LENGTH || !/^\d+$/.test(mobileNo)) return MESSAGES.mobile;
  if (!emailVerified) return MESSAGES.verifyFirst;
  return null;
}

/** The first profile rule the form breaks: the sign-up rules with the password optional. */
export function validateProfile(form: AccountForm): string | null {
  const { name, email, mobileNo, password, confirmPassword } = form;
  if (!name.trim() || !email.trim() || !mobileNo) return MESSAGES.fillAll;
  if (mobileNo.length !== MOBILE_LENGTH || !/^\d+$/.test(mobileNo)) return MESSAGES.mobile;
  if (password || confirmPassword) {
    if (password !== confirmPassword) return MESSAGES.confirmPassword;
    const pw = passwordLengthProblem(password);
    if (pw) return pw;
  }
  return null;
}

/**
 * Where to go after signing in: the redirect query parameter when it is a path of this shop
 * ('/shipping', or 'shipping' as older links say), otherwise home. Another site is never a target.
 */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value) return fallback;
  const path = value.startsWith('/') ? value : `/${value}`;
  if (path.startsWith('//') || path.includes('\\') || /[\u0000-\u001f]/.test(path)) return fallback;
  try {
    const url = new URL(path, 'http://shop.invalid');
    if (url.origin !== 'http://shop.invalid') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
