import { Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { PageLoader } from '../components/ui/page-loader';
import { theme } from './theme';

type AppProviderProps = {
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
};

/** Theme, server state and texts for the whole app (tests render their own providers). */
export function AppProvider({ i18n, queryClient, children }: AppProviderProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={<PageLoader fullScreen />}>{children}</Suspense>
        </I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
