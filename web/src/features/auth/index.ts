/**
 * The auth feature's public API: the session and the auth flow's messages other features use. The
 * account forms' rules are shared code (lib/validation.ts). Other features import these from here only.
 */
export { AUTH_MESSAGES } from './accountRules';
export { selectUserInfo, setCredentials, type Role, type UserInfo } from './authSlice';
export { useEndSession } from './useLogout';
export { useSignedInUser } from './useSignedIn';
export { default as VerifyEmailField, VerifiedBadge } from './VerifyEmailField';
