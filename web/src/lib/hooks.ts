import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store.ts';

/** useDispatch typed for this store's thunks. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();

/** useSelector typed with this store's state. */
export const useAppSelector = useSelector.withTypes<RootState>();
