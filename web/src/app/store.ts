import { configureStore } from '@reduxjs/toolkit';
import { api } from './api.ts';
import { sessionSlice } from './session.ts';

/** Builds a fresh store; the app makes one, each test makes its own. */
export function makeStore() {
  return configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      [sessionSlice.name]: sessionSlice.reducer,
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
