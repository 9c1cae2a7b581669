import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import type { api } from './api';

/**
 * The store's dispatch as features see it: actions, and thunks such as RTK Query's, which read the
 * api's part of the state. The rest of the state only the app knows (it combines the features'
 * slices); features read it through their slices' selectors, which carry the part they need.
 */
export type AppDispatch = ThunkDispatch<{ [api.reducerPath]: ReturnType<typeof api.reducer> }, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
