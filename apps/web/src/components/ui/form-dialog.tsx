import type { FormEvent, ReactNode } from 'react';
import { Modal, Stack, type MantineSpacing, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions, type FormActionsProps } from './form-actions';

type FormDialogProps = Omit<FormActionsProps, 'onCancel'> & {
  /** Default: open (the dialog is mounted while it is shown). */
  opened?: boolean;
  /** Closing the dialog and Cancel. */
  onClose: () => void;
  title: ReactNode;
  size: ModalProps['size'];
  gap?: MantineSpacing;
  /** The form was submitted (the browser's own submit is prevented; the form validates itself). */
  onSubmit: () => void;
  children: ReactNode;
};

/** A management dialog around one form: its fields, a failed save's message, Cancel and the submit button. */
export function FormDialog({
  opened = true,
  onClose,
  title,
  size,
  gap = 'md',
  onSubmit,
  children,
  ...actions
}: FormDialogProps) {
  const { t } = useTranslation();
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap={gap}>
          {children}
          <FormActions {...actions} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
