import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { serverMessage } from '../../lib/errors';
import { otpEmailProblem, otpProblem } from '../../lib/validation';
import { AUTH_MESSAGES } from './accountRules';
import { useSendOtpMutation, useVerifyOtpMutation, type OtpReqType } from './authApi';

/**
 * Sends and checks the e-mail one-time codes of one purpose (register: verify an address;
 * resetPassword: set the password chosen, or mail a new one). send() toasts its own failures; verify() answers the
 * message to show in the code dialog, or null when the code was right.
 */
export function useOtp(reqType: OtpReqType) {
  const [sendOtp, { isLoading: sending }] = useSendOtpMutation();
  const [verifyOtp, { isLoading: verifying }] = useVerifyOtpMutation();

  /** Mails a code; true when it went. Failures are toasted unless quiet (then returned). */
  const send = useCallback(
    async (email: string): Promise<{ ok: true; message: string } | { ok: false; message: string }> => {
      const problem = otpEmailProblem(email);
      if (problem) return { ok: false, message: problem };
      const address = email.trim();
      try {
        const res = await sendOtp({ email: address, reqType }).unwrap();
        if (!res.success) return { ok: false, message: res.message || AUTH_MESSAGES.otpSendFailed };
        return { ok: true, message: res.message || `OTP sent to ${address}` };
      } catch (err) {
        return { ok: false, message: serverMessage(err) ?? AUTH_MESSAGES.otpSendFailed };
      }
    },
    [sendOtp, reqType],
  );

  /** Checks a code; for a reset, password (when given) is the new password the customer chose. */
  const verify = useCallback(
    async (email: string, otp: string, password?: string): Promise<{ ok: true; message: string } | { ok: false; message: string }> => {
      const problem = otpProblem(otp);
      if (problem) return { ok: false, message: problem };
      try {
        const res = await verifyOtp({ email: email.trim(), otp, reqType, ...(password ? { password } : {}) }).unwrap();
        if (!res.success) return { ok: false, message: res.message || AUTH_MESSAGES.otpFailed };
        return { ok: true, message: res.message };
      } catch (err) {
        return { ok: false, message: serverMessage(err) ?? AUTH_MESSAGES.otpVerifyFailed };
      }
    },
    [verifyOtp, reqType],
  );

  /** send(), with a toast either way: an info toast when the code went, an error toast when not. */
  const sendWithToast = useCallback(
    async (email: string): Promise<boolean> => {
      const res = await send(email);
      if (res.ok) toast.info(res.message);
      else toast.error(res.message);
      return res.ok;
    },
    [send],
  );

  return { send, sendWithToast, verify, sending, verifying };
}
