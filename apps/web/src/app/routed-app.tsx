import type { ReactElement } from 'react';
import { RouterProvider } from 'react-router';
import { createAppRouter, type AppRouter } from './router';

/**
 * The router module: React Router, the route table, its guards and screens. Not part of the app's entry —
 * a page loaded at /login is drawn without it and imports it after signing in; every other page imports
 * it at start-up, in parallel with the texts (app/bootstrap.ts, decision 011).
 */
export type RoutedApp = { router: AppRouter; element: ReactElement };

/** The app's data router (docs/product.md §D.6), started at the browser's current URL. */
export function createRoutedApp(): RoutedApp {
  const router = createAppRouter(() => import('../lib/react-query').then(({ queryClient }) => queryClient));
  return { router, element: <RouterProvider router={router} /> };
}
