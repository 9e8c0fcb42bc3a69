import { Button, Group, MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { useUserSettings } from '../../../features/settings/api/get-user-settings';
import { forgetAppliedLanguage, useApplySavedLanguage } from '../../../features/settings/use-saved-language';
import { TwoFactorSetup } from '../../../features/two-factor/components/two-factor-setup';
import { signOut } from '../../../lib/auth/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { theme } from '../../theme';
import classes from './login.module.css';

/** The route: Mantine's theme and the query cache, as the signed-in area has them, without its shell. */
export function TwoFactorSetupRoute({ queryClient }: { queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <TwoFactorSetupScreen />
      </QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * "Set up two-factor sign-in" (decision 021): where the organisation's policy sends a user without a
 * second factor — the server refuses everything else until then. No shell: only the set-up and signing
 * out. Afterwards the session is a new one (the library replaced it) and the user continues to the home.
 */
export function TwoFactorSetupScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('twoFactor.required.title'));
  // The user's saved language, as the signed-in area applies it (the settings call is allowed here).
  useApplySavedLanguage(useUserSettings().data);

  const handleSignOut = () => {
    forgetAppliedLanguage();
    void signOut((to) => navigate(to));
  };

  return (
    <main className={classes.page}>
      <div className={classes.card}>
        <div className={classes.heading}>
          <p className={classes.appName}>{t('app.name')}</p>
          <h1 className={classes.title}>{t('twoFactor.required.title')}</h1>
          <p className={classes.subtitle}>{t('twoFactor.required.text')}</p>
        </div>
        <TwoFactorSetup onDone={() => void navigate(paths.home.getHref(), { replace: true })} />
        <Group justify="flex-start">
          <Button variant="subtle" onClick={handleSignOut}>
            {t('twoFactor.required.signOut')}
          </Button>
        </Group>
      </div>
    </main>
  );
}
