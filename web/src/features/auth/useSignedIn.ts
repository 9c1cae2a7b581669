import { useAppSelector } from '../../app/hooks';
import { isExpired, selectUserInfo } from './authSlice';

/** The signed-in user while the session lasts, else null. */
export function useSignedInUser() {
  const user = useAppSelector(selectUserInfo);
  return user && !isExpired(user) ? user : null;
}
