import { useTranslation } from 'react-i18next';
import type { ManagedUser } from '@cockpit/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showToast } from '../../../lib/toast';
import { useResetTwoFactor } from '../api/reset-two-factor';

/**
 * The confirmation of "Reset two-factor sign-in" (Management → Users, the row's "⋯" menu; decision 021).
 * For a lost phone: the user's key and recovery codes are removed; if the organisation requires
 * two-factor sign-in, they set it up again after their next sign-in.
 */
export function ResetTwoFactorDialog({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  const { t } = useTranslation();
  const reset = useResetTwoFactor();
  const close = () => {
    reset.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      title={t('management.twoFactor.resetTitle', { name: user.name })}
      confirmLabel={t('management.twoFactor.reset')}
      danger
      pending={reset.isPending}
      failed={reset.isError}
      onConfirm={() =>
        reset.mutate(user.id, {
          onSuccess: () => {
            close();
            showToast({ type: 'success', title: t('management.twoFactor.resetDone'), message: user.name });
          },
        })
      }
      onClose={close}
    >
      {t('management.twoFactor.resetText', { name: user.name })}
    </ConfirmDialog>
  );
}
