import { RouterProvider } from 'react-router';
import type { i18n as I18n } from 'i18next';
import type { QueryClient } from '@tanstack/react-query';
import { AppProvider } from './provider';
import type { AppRouter } from './router';

type AppProps = { i18n: I18n; queryClient: QueryClient; router: AppRouter };

export function App({ i18n, queryClient, router }: AppProps) {
  return (
    <AppProvider i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
