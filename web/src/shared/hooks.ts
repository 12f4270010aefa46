import { useDispatch, useSelector } from 'react-redux';

/**
 * The store's types as features see them. The app composes the store from the features' slices
 * (app/store.ts) and registers its state and dispatch here by declaration merging, so that shared
 * code and the features use a typed store without importing the app.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface StoreTypes {}

export type RootState = StoreTypes['state'];
export type AppDispatch = StoreTypes['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
