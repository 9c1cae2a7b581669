import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../lib/api';
import authSlice, { USER_STORAGE_KEY } from '../features/auth/authSlice';
import cartSlice, { persistCart } from '../features/cart/cartSlice';

const rootReducer = combineSlices(api, cartSlice, authSlice);

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  setupListeners(store.dispatch);
  persistUserInfo(store);
  persistCart(store);
  return store;
}

/** Keeps browser storage's userInfo in step with the signed-in user (SPEC.md §3). */
function persistUserInfo(store: { getState: () => RootState; subscribe: (f: () => void) => unknown }) {
  let last = store.getState().auth.userInfo;
  store.subscribe(() => {
    const current = store.getState().auth.userInfo;
    if (current === last) return;
    last = current;
    if (current) localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(current));
    else localStorage.removeItem(USER_STORAGE_KEY);
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
