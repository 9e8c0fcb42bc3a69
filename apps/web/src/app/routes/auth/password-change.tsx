import { useCallback } from 'react';
import { Button, Group, MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths, safeRedirectPath } from '../../../config/paths';
import { useUserSettings } from '../../../features/settings/api/get-user-settings';
import { PasswordForm } from '../../../features/settings/components/password-form';
import { forgetAppliedLanguage, useApplySavedLanguage } from '../../../features/settings/use-saved-language';
import { refreshToken, signOut } from '../../../lib/auth/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { theme } from '../../theme';
import classes from './login.module.css';

const titleId = 'password-change-title';

/** The route: Mantine's theme and the query cache, as the signed-in area has them, without its shell. */
export function PasswordChangeRoute({ queryClient }: { queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <PasswordChangeScreen />
      </QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * "Choose a new password" (decision 022): a user whose password an administrator set (at creation or
 * by a reset) replaces it before anything else — the server refuses every other call until then. No
 * shell: only this form and signing out. Afterwards the session gets a new token without the claim and
 * the user continues to the page originally requested (`redirectTo`), else the reports home.
 */
export function PasswordChangeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  useDocumentTitle(t('passwordChange.title'));
  // The user's saved language, as the signed-in area applies it (the settings call is allowed here).
  useApplySavedLanguage(useUserSettings().data);

  const target = safeRedirectPath(searchParams.get('redirectTo')) ?? paths.home.getHref();
  const continueToTarget = useCallback(async () => {
    // The new token no longer says "must change password"; the guards then let the user through.
    if ((await refreshToken()) === null) throw new Error('No token after the password change.');
    await navigate(target, { replace: true });
  }, [navigate, target]);

  const handleSignOut = () => {
    forgetAppliedLanguage();
    void signOut((to) => navigate(to));
  };

  return (
    <main className={classes.page}>
      <div className={classes.card}>
        <div className={classes.heading}>
          <p className={classes.appName}>{t('app.name')}</p>
          <h1 className={classes.title} id={titleId}>
            {t('passwordChange.title')}
          </h1>
          <p className={classes.subtitle}>{t('passwordChange.text')}</p>
        </div>
        <PasswordForm required={{ labelledBy: titleId, onChanged: continueToTarget }} />
        <Group justify="flex-start">
          <Button variant="subtle" onClick={handleSignOut}>
            {t('passwordChange.signOut')}
          </Button>
        </Group>
      </div>
    </main>
  );
}
