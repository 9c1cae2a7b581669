/**
 * The auth feature's public API: the session, the account rules and the e-mail check other
 * features use. Other features import these from here only.
 */
export {
  capLength,
  confirmHint,
  digitsOnly,
  EMAIL_MAX,
  MESSAGES,
  MOBILE_LENGTH,
  NAME_MAX,
  PASSWORD_MAX,
  validateProfile,
  type AccountForm,
} from './accountRules';
export { selectUserInfo, setCredentials, type Role, type UserInfo } from './authSlice';
export { useEndSession } from './useLogout';
export { useSignedInUser } from './useSignedIn';
export { default as VerifyEmailField, VerifiedBadge } from './VerifyEmailField';
