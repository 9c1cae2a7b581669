import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppDispatch } from '../../lib/hooks';
import { useSelector } from 'react-redux';
import { clearCredentials, isExpired, selectSessionEndedHere, selectUserInfo, type Role } from './authSlice';

/**
 * Guards the routes below it: without a live session the stored one is cleared and the user goes
 * to /login (coming back here after signing in); with the wrong role they go to /login too
 * (SPEC.md §6). The server enforces the same rules on every call.
 */
export default function RequireRole({ roles }: { roles?: Role[] }) {
  const user = useSelector(selectUserInfo);
  const endedHere = useSelector(selectSessionEndedHere);
  const dispatch = useAppDispatch();
  const location = useLocation();
  const expired = user !== null && isExpired(user);

  useEffect(() => {
    if (expired) dispatch(clearCredentials());
  }, [expired, dispatch]);

  if (!user && endedHere) {
    // Logged out here on purpose: to the sign-in page, not back to this page afterwards.
    return <Navigate to="/login" replace state={{ signedOut: true }} />;
  }
  if (!user || expired) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  if (roles && !roles.includes(user.role)) {
    // The login screen says why, and does not bounce this signed-in user straight on.
    return <Navigate to="/login" replace state={{ denied: location.pathname + location.search }} />;
  }
  return <Outlet />;
}
