import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type FormActionsProps = {
  /** Why the last save failed, shown above the buttons (announced: role="alert"); nothing while it has not. */
  failure?: { title?: string; message: string } | null;
  onCancel: () => void;
  /** The save runs: the submit button shows it and cannot be pressed twice. */
  pending: boolean;
  submitLabel: string;
};

/** The foot of every management dialog's form: a failed save's message, Cancel and the submit button. */
export function FormActions({ failure, onCancel, pending, submitLabel }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      {failure && (
        <Alert color="red" role="alert" title={failure.title}>
          {failure.message}
        </Alert>
      )}
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
