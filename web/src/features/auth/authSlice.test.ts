import { beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { USER_STORAGE_KEY } from '../../lib/storage';
import { makeUserInfo } from '../../test/fixtures';
import { sessionRejected } from '../../lib/api';
import { clearCredentials, isExpired, loadUserInfo, selectSessionEndedBecause, setCredentials } from './authSlice';

const user = (expiresInMs: number) => makeUserInfo({ previousSession: null }, expiresInMs);

describe('auth slice', () => {
  beforeEach(() => localStorage.clear());

  it('loads a live session and drops an expired or malformed one', () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user(60_000)));
    expect(loadUserInfo()?.name).toBe('Chitra Customer');
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user(-1)));
    expect(loadUserInfo()).toBeNull();
    localStorage.setItem(USER_STORAGE_KEY, '{not json');
    expect(loadUserInfo()).toBeNull();
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ ...user(60_000), role: 'root' }));
    expect(loadUserInfo()).toBeNull();
  });

  it('keeps storage in step with sign-in and sign-out', () => {
    const store = makeStore();
    store.dispatch(setCredentials(user(60_000)));
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY)!).email).toBe('customer@example.com');
    store.dispatch(clearCredentials());
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('tells an expired session', () => {
    expect(isExpired(user(-1000))).toBe(true);
    expect(isExpired(user(1000))).toBe(false);
  });

  it('keeps why the server ended the session until the next sign-in', () => {
    const store = makeStore();
    store.dispatch(setCredentials(user(60_000)));
    store.dispatch(sessionRejected('Your password was changed by the shop. Please sign in again.'));
    expect(store.getState().auth.userInfo).toBeNull();
    expect(selectSessionEndedBecause(store.getState())).toBe('Your password was changed by the shop. Please sign in again.');
    // A later 401 without a reason (the cookie is gone by then) does not erase it.
    store.dispatch(sessionRejected());
    expect(selectSessionEndedBecause(store.getState())).toBe('Your password was changed by the shop. Please sign in again.');
    store.dispatch(setCredentials(user(60_000)));
    expect(selectSessionEndedBecause(store.getState())).toBeNull();
  });
});
