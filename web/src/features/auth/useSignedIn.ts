import { useSelector } from 'react-redux';
import { isExpired, selectUserInfo } from './authSlice';

/** The signed-in user while the session lasts, else null. */
export function useSignedInUser() {
  const user = useSelector(selectUserInfo);
  return user && !isExpired(user) ? user : null;
}
