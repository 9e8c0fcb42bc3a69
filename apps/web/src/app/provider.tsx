import { Suspense, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { PageLoader } from '../components/ui/page-loader';

type AppProviderProps = {
  i18n: I18n;
  children: ReactNode;
};

/**
 * Texts for the whole app (tests render their own providers). Mantine's theme and the server-state
 * cache are provided by the signed-in area (`SignedInLayout`): the login route needs neither, and their
 * JavaScript stays out of its download (docs/decisions/011-shell-navigation-state-and-bundle-budget.md).
 */
export function AppProvider({ i18n, children }: AppProviderProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <Suspense fallback={<PageLoader fullScreen />}>{children}</Suspense>
    </I18nextProvider>
  );
}
