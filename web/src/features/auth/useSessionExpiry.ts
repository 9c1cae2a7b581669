import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch } from '../../lib/hooks';
import { useSelector } from 'react-redux';
import { clearCredentials, isExpired, selectUserInfo } from './authSlice';

/** setTimeout cannot wait longer than this (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Drops the stored session once its loginExpire has passed: checked on every navigation, and by a
 * timer while the page stays open, so the header shows the user signed out (SPEC.md §4, session).
 */
export function useSessionExpiry() {
  const user = useSelector(selectUserInfo);
  const dispatch = useAppDispatch();
  const { key } = useLocation();

  useEffect(() => {
    if (user && isExpired(user)) dispatch(clearCredentials());
  }, [user, key, dispatch]);

  useEffect(() => {
    if (!user || isExpired(user)) return;
    const left = Date.parse(user.loginExpire) - Date.now();
    if (left > MAX_TIMER_MS) return;
    const timer = setTimeout(() => dispatch(clearCredentials()), left + 1000);
    return () => clearTimeout(timer);
  }, [user, dispatch]);
}
