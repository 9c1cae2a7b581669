import { api } from '../../lib/api';
import type { UserInfo } from '../auth';

export interface ProfileUpdate {
  _id: string;
  name: string;
  email: string;
  mobileNo: string;
  /** '' keeps the password. */
  password: string;
}

/** A new password or e-mail ends every session: the user must sign in again. */
export interface LoggedOutResult {
  loggedOut: true;
  message: string;
}

export type ProfileUpdateResult = UserInfo | LoggedOutResult;

export const isLoggedOut = (r: ProfileUpdateResult): r is LoggedOutResult => 'loggedOut' in r && r.loggedOut === true;

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<UserInfo, void>({
      query: () => '/users/profile',
      providesTags: [{ type: 'User', id: 'PROFILE' }],
    }),
    updateProfile: build.mutation<ProfileUpdateResult, ProfileUpdate>({
      query: (body) => ({ url: '/users/profile', method: 'PUT', body }),
      // The admin's user list shows these details too. The profile is read again: a read begun before
      // the save (the screen's first, on a slow network) answers with the details from before it, and
      // Redux Toolkit takes that answer over what the screen stored; the read after it has the last word.
      invalidatesTags: (result) =>
        result && !isLoggedOut(result)
          ? [
              { type: 'User', id: 'LIST' },
              { type: 'User', id: 'PROFILE' },
            ]
          : [],
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation } = profileApi;
