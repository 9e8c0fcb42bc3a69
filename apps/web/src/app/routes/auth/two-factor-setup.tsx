import type { QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { TwoFactorSetup } from '../../../features/two-factor/components/two-factor-setup';
import { refreshToken } from '../../../lib/auth/session';
import { NoShellRoute, NoShellScreen } from './no-shell-screen';

export function TwoFactorSetupRoute({ queryClient }: { queryClient: QueryClient }) {
  return (
    <NoShellRoute queryClient={queryClient}>
      <TwoFactorSetupScreen />
    </NoShellRoute>
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
  // The new token no longer announces the gate; the guards then let the user through.
  const continueHome = useCallback(async () => {
    await refreshToken();
    await navigate(paths.home.getHref(), { replace: true });
  }, [navigate]);
  return (
    <NoShellScreen
      title={t('twoFactor.required.title')}
      text={t('twoFactor.required.text')}
      signOutLabel={t('twoFactor.required.signOut')}
    >
      <TwoFactorSetup onDone={() => void continueHome()} />
    </NoShellScreen>
  );
}
