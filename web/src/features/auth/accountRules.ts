/**
 * The auth flow's messages (SPEC.md §8) and where signing in leads. The account forms' rules and
 * their messages are in lib/validation.ts.
 */
import { capLength } from '../../lib/validation';

/** The header shows at most this many characters of the user's name. */
export const HEADER_NAME_MAX = 20;

export const AUTH_MESSAGES = {
  otpSendFailed: 'Failed to send OTP',
  otpFailed: 'OTP verification failed',
  otpVerifyFailed: 'Failed to verify OTP',
  emailVerified: 'Email verified successfully!',
  passwordReset: 'Please check your email for the new password.',
  passwordChosen: 'Your new password is set. Please sign in with it.',
  relogin: 'Profile Updated Successfully. Please login again with your updated login details',
  profileUpdated: 'Profile Updated Successfully.',
  loggedOut: 'You have been logged Out successfully!',
  logoutFailed: 'Unable to log you out, you can check console for more details.',
} as const;

/** The header's title for a user: the name cut at 20 characters, with '...' when cut. */
export function truncateName(name: string, max = HEADER_NAME_MAX): string {
  const cut = capLength(name, max);
  return cut === name ? name : `${cut}...`;
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
