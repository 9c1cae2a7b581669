import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionRejected } from '../../lib/api';
import { readStored, USER_STORAGE_KEY } from '../../lib/storage';

export type Role = 'customer' | 'admin' | 'manufacturer';

/**
 * The signed-in user as kept in browser storage under userInfo (SPEC.md §3): display data only.
 * The credential is the server's HttpOnly session cookie, never stored here.
 */
export interface UserInfo {
  _id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  mobileNo: string;
  role: Role;
  /** ISO time after which the session is over. */
  loginExpire: string;
  /** ISO time of the sign-in before this one, if any. */
  previousSession: string | null;
}

export interface AuthState {
  userInfo: UserInfo | null;
  /**
   * True when the session was ended here on purpose (logout, a new password or e-mail): guarded
   * pages then send the user to plain /login, not /login?redirect=… back to where they were.
   */
  endedHere: boolean;
  /** Why the server ended the session, when a change of password or e-mail did: the sign-in page says so. */
  endedBecause: string | null;
}

const isUserInfo = (v: unknown): v is UserInfo => {
  if (typeof v !== 'object' || v === null) return false;
  const u = v as Record<string, unknown>;
  return (
    typeof u._id === 'string' &&
    typeof u.name === 'string' &&
    typeof u.loginExpire === 'string' &&
    (u.role === 'customer' || u.role === 'admin' || u.role === 'manufacturer')
  );
};

/** True once the session's loginExpire has passed. */
export const isExpired = (user: UserInfo, now = Date.now()): boolean => !(Date.parse(user.loginExpire) > now);

/**
 * Reads userInfo from storage; a malformed or expired one counts as signed out. The buying item
 * stored with it is the cart's (features/cart/buyingSlice.ts).
 */
export function loadUserInfo(): UserInfo | null {
  const stored = readStored(USER_STORAGE_KEY);
  if (!isUserInfo(stored) || isExpired(stored)) return null;
  const { buyingItem: _buyingItem, ...user } = stored as UserInfo & { buyingItem?: unknown };
  return user;
}

function clearSession(state: AuthState) {
  state.userInfo = null;
  state.endedHere = false;
}

const authSlice = createSlice({
  name: 'auth',
  initialState: (): AuthState => ({ userInfo: loadUserInfo(), endedHere: false, endedBecause: null }),
  reducers: {
    setCredentials(state, action: PayloadAction<UserInfo>) {
      state.userInfo = action.payload;
      state.endedHere = false;
      state.endedBecause = null;
    },
    /** The session is gone: expired here, or the server no longer knows it (sessionRejected). */
    clearCredentials: clearSession,
    /** The user ended the session here (logout, or a change that needs a new sign-in). */
    sessionEnded(state) {
      state.userInfo = null;
      state.endedHere = true;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionRejected, (state, action) => {
      clearSession(state);
      state.endedBecause = action.payload.why ?? state.endedBecause;
    });
  },
  selectors: {
    selectUserInfo: (state) => state.userInfo,
    selectSessionEndedHere: (state) => state.endedHere,
    selectSessionEndedBecause: (state) => state.endedBecause,
  },
});

export const { setCredentials, clearCredentials, sessionEnded } = authSlice.actions;
export const { selectUserInfo, selectSessionEndedHere, selectSessionEndedBecause } = authSlice.selectors;
export default authSlice;
