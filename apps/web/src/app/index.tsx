import { RouterProvider } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { AppProvider } from './provider';
import type { AppRouter } from './router';

type AppProps = { i18n: I18n; router: AppRouter };

export function App({ i18n, router }: AppProps) {
  return (
    <AppProvider i18n={i18n}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
