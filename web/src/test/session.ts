import type { Role, UserInfo } from '../features/auth';
import { USER_STORAGE_KEY } from '../lib/storage';

/** A live session of a demo user of the given role. */
export function makeUser(role: Role = 'customer', overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    _id: `0123456789abcdef0123456${role.length}`,
    name: role === 'admin' ? 'Asha Admin' : role === 'manufacturer' ? 'Mohan Maker' : 'Chitra Customer',
    email: `${role}@example.com`,
    emailVerified: true,
    mobileNo: '9000000003',
    role,
    loginExpire: new Date(Date.now() + 3_600_000).toISOString(),
    previousSession: null,
    ...overrides,
  };
}

/** Stores a session before renderApp, as a sign-in would have. */
export function signInAs(role: Role = 'customer'): UserInfo {
  const user = makeUser(role);
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  return user;
}
