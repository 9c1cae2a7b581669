import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import authSlice from '../features/auth/authSlice';
import buyingSlice, { removeBuyingItem } from '../features/cart/buyingSlice';
import cartSlice, { persistCart } from '../features/cart/cartSlice';
import { api } from '../lib/api';
import { USER_STORAGE_KEY } from '../lib/storage';

const rootReducer = combineSlices(api, cartSlice, authSlice, buyingSlice);

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  setupListeners(store.dispatch);
  // First, so that the others see the buying item already dropped when it goes with a session.
  keepBuyingItemWithSession(store);
  persistUserInfo(store);
  persistCart(store);
  return store;
}

type Store = ReturnType<typeof configureStore<RootState>>;

/**
 * The buying item belongs to the signed-in user (SPEC.md §3, §4): there is none without a session,
 * it stays through the same user's profile changes, and it goes when the session ends or someone
 * else signs in.
 */
function keepBuyingItemWithSession(store: Store) {
  let owner = store.getState().auth.userInfo?._id ?? null;
  const check = () => {
    const { auth, buying } = store.getState();
    const user = auth.userInfo?._id ?? null;
    const stale = buying.item !== null && (user === null || user !== owner);
    owner = user;
    if (stale) store.dispatch(removeBuyingItem());
  };
  check();
  store.subscribe(check);
}

/** Keeps browser storage's userInfo, with the buying item, in step with the signed-in user (SPEC.md §3). */
function persistUserInfo(store: Store) {
  let last = store.getState();
  store.subscribe(() => {
    const current = store.getState();
    if (current.auth.userInfo === last.auth.userInfo && current.buying.item === last.buying.item) return;
    last = current;
    const { userInfo } = current.auth;
    const { item } = current.buying;
    if (userInfo) localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(item ? { ...userInfo, buyingItem: item } : userInfo));
    else localStorage.removeItem(USER_STORAGE_KEY);
  });
}

export type AppStore = ReturnType<typeof makeStore>;
