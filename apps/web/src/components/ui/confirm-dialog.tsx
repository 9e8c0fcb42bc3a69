import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type ConfirmDialogProps = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Red for what cannot simply be undone (deactivate, delete). */
  danger?: boolean;
  pending: boolean;
  failed: boolean;
  /** What went wrong, when the server said (shown instead of the general failure text). */
  errorMessage?: string;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before an action with consequences; shows a failure inside the dialog. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  danger,
  pending,
  failed,
  errorMessage,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        {failed && (
          <Alert color="red" role="alert">
            {errorMessage ?? t('management.errors.saveFailed')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
