import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../app/api';
import { lazyToast as toast } from '../../lib/toast';
import { useAppDispatch } from '../../app/hooks';
import { AUTH_MESSAGES } from './accountRules';
import { useLogoutMutation } from './authApi';
import { sessionEnded } from './authSlice';

/** Location state of /login after the session ended here: no bounce, even while still signed in. */
export interface SignedOutState {
  signedOut: true;
}

/**
 * Ends the session on this side: forgets the user and everything cached for them, goes to
 * /login and says so. (A guarded page left behind sends to plain /login too: see sessionEnded.)
 */
export function useEndSession() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    async (message: string) => {
      dispatch(sessionEnded());
      dispatch(api.util.resetApiState());
      const state: SignedOutState = { signedOut: true };
      await navigate('/login', { state });
      toast.success(message);
    },
    [dispatch, navigate],
  );
}

/**
 * The logout flow of SPEC.md §4: call the endpoint, clear the local session, go to /login and
 * say so; when the call fails, say that and log the error.
 */
export function useLogout() {
  const [logoutCall] = useLogoutMutation();
  const endSession = useEndSession();

  return useCallback(async () => {
    try {
      await logoutCall().unwrap();
    } catch (err) {
      toast.error(AUTH_MESSAGES.logoutFailed);
      console.error(err);
      return;
    }
    await endSession(AUTH_MESSAGES.loggedOut);
  }, [logoutCall, endSession]);
}
