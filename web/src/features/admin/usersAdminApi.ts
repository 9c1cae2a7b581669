import { api } from '../../lib/api';
import type { Role, UserInfo } from '../auth';
import { adminListParams, type AdminListQuery } from './adminProductsApi';

/** A user as the admin screens see it. */
export interface AdminUser extends Omit<UserInfo, 'loginExpire' | 'previousSession'> {
  lastLoginAt: string | null;
  createdAt: string;
}

/** A page of GET /api/users. */
export interface UserPage {
  users: AdminUser[];
  pages: number;
  page: number;
}

export interface AdminUserUpdate {
  userId: string;
  name: string;
  email: string;
  mobileNo: string;
  /** '' keeps the password. */
  password: string;
  role: Role;
}

export const ROLES: Role[] = ['customer', 'admin', 'manufacturer'];

/** User administration (SPEC.md §7, users; admins only). */
export const usersAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<UserPage, AdminListQuery>({
      query: ({ pageNumber, keyword }) => ({ url: '/users', params: adminListParams(pageNumber, keyword) }),
      providesTags: (result) => [
        { type: 'User' as const, id: 'LIST' },
        ...(result?.users ?? []).map((u) => ({ type: 'User' as const, id: u._id })),
      ],
    }),
    getUserDetails: build.query<AdminUser, string>({
      query: (id) => `/users/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
    updateUser: build.mutation<AdminUser, AdminUserUpdate>({
      query: ({ userId, ...body }) => ({ url: `/users/${encodeURIComponent(userId)}`, method: 'PUT', body: { userId, ...body } }),
      invalidatesTags: (_result, _error, { userId }) => [
        { type: 'User', id: 'LIST' },
        { type: 'User', id: userId },
      ],
    }),
    deleteUser: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'User', id: 'LIST' },
        { type: 'User', id },
      ],
    }),
  }),
});

export const { useGetUsersQuery, useGetUserDetailsQuery, useUpdateUserMutation, useDeleteUserMutation } = usersAdminApi;
