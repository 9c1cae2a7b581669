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

/** Sign-in, sign-out, sign-up and the e-mail one-time codes (SPEC.md §7, users). */
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
    verifyOtp: build.mutation<OtpResult, OtpRequest & { otp: string }>({
      query: (body) => ({ url: '/users/verifyOtp', method: 'POST', body }),
      // A verified address changes the signed-in user's profile (emailVerified).
      invalidatesTags: (result, _error, { reqType }) =>
        result?.success && reqType === 'register' ? [{ type: 'User', id: 'PROFILE' }] : [],
    }),
  }),
});

export const { useLoginMutation, useLogoutMutation, useRegisterMutation, useSendOtpMutation, useVerifyOtpMutation } =
  authApi;
