import { configureStore } from '@reduxjs/toolkit';
import { api } from './api/api.ts';
import type { ApiExtra } from './api/api.ts';
import { sessionSlice } from './session/session.ts';

/**
 * Builds a fresh store; the app makes one, each test makes its own, and the server render one per
 * request with `extra.resolveOnServer` (lib/api/api.ts) so its queries read the services directly.
 */
export function makeStore(extra: ApiExtra = {}) {
  return configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      [sessionSlice.name]: sessionSlice.reducer,
    },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
