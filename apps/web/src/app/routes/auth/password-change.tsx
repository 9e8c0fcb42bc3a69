import { useCallback } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths, safeRedirectPath } from '../../../config/paths';
import { PasswordForm } from '../../../features/user-settings/components/password-form';
import { refreshToken } from '../../../lib/auth/session';
import { NoShellRoute, NoShellScreen } from './no-shell-screen';

const titleId = 'password-change-title';

export function PasswordChangeRoute({ queryClient }: { queryClient: QueryClient }) {
  return (
    <NoShellRoute queryClient={queryClient}>
      <PasswordChangeScreen />
    </NoShellRoute>
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

  const target = safeRedirectPath(searchParams.get('redirectTo')) ?? paths.home.getHref();
  const continueToTarget = useCallback(async () => {
    // The new token no longer says "must change password"; the guards then let the user through.
    if ((await refreshToken()) === null) throw new Error('No token after the password change.');
    await navigate(target, { replace: true });
  }, [navigate, target]);

  return (
    <NoShellScreen
      title={t('passwordChange.title')}
      titleId={titleId}
      text={t('passwordChange.text')}
      signOutLabel={t('passwordChange.signOut')}
    >
      <PasswordForm required={{ labelledBy: titleId, onChanged: continueToTarget }} />
    </NoShellScreen>
  );
}
