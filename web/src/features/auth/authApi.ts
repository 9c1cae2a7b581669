import { api } from '../../lib/api';
import type { UserInfo } from './authSlice';

export interface LoginRequest {
  /** An e-mail address or a 10-digit mobile number. */
  loginId: string;
  password: string;
  /** "Stay logged in": without it the session ends after 5 days. */
  loggedIn: boolean;
}

export interface RegisterRequest {
  name: string;
  email: string;
  mobileNo: string;
  password: string;
}

export type OtpReqType = 'register' | 'resetPassword';

export interface OtpRequest {
  email: string;
  reqType: OtpReqType;
}

export interface OtpResult {
  success: boolean;
  message: string;
}

/** Signing in with a one-time code sent to the account of loginId. */
export interface CodeLoginRequest {
  loginId: string;
  code: string;
  loggedIn: boolean;
}

/** Sign-in (by password or by code), sign-out, sign-up and the one-time codes (SPEC.md §7, users). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<UserInfo, LoginRequest>({
      query: (body) => ({ url: '/users/auth', method: 'POST', body }),
    }),
    logout: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/users/logout', method: 'POST' }),
    }),
    register: build.mutation<UserInfo, RegisterRequest>({
      query: (body) => ({ url: '/users', method: 'POST', body }),
    }),
    sendOtp: build.mutation<OtpResult, OtpRequest>({
      query: (body) => ({ url: '/users/sendOtp', method: 'POST', body }),
    }),
    sendLoginCode: build.mutation<OtpResult, { loginId: string }>({
      query: (body) => ({ url: '/users/sendLoginCode', method: 'POST', body }),
    }),
    loginWithCode: build.mutation<UserInfo, CodeLoginRequest>({
      query: (body) => ({ url: '/users/authCode', method: 'POST', body }),
    }),
    /** With password, a resetPassword code sets the password chosen rather than mailing a new one. */
    verifyOtp: build.mutation<OtpResult, OtpRequest & { otp: string; password?: string }>({
      query: (body) => ({ url: '/users/verifyOtp', method: 'POST', body }),
      // A verified address changes the signed-in user's profile (emailVerified).
      invalidatesTags: (result, _error, { reqType }) =>
        result?.success && reqType === 'register' ? [{ type: 'User', id: 'PROFILE' }] : [],
    }),
  }),
});

export const {
  useLoginMutation,
  useLoginWithCodeMutation,
  useLogoutMutation,
  useRegisterMutation,
  useSendLoginCodeMutation,
  useSendOtpMutation,
  useVerifyOtpMutation,
} = authApi;
