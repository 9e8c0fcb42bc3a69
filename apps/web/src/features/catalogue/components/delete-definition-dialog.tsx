import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { isApiRequestError } from '../../../lib/api-client';
import { useDeleteDefinition } from '../api/delete-definition';

type DeleteDefinitionProps = { name: string; onClose: () => void; onDeleted?: () => void };

/** Delete a report definition; while a report item or tile uses it the server refuses (409). */
export function DeleteDefinitionDialog({ name, onClose, onDeleted }: DeleteDefinitionProps) {
  const { t } = useTranslation();
  const remove = useDeleteDefinition();
  const inUse = isApiRequestError(remove.error) && remove.error.status === 409;
  return (
    <ConfirmDialog
      title={t('management.data.definition.deleteTitle', { name })}
      confirmLabel={t('management.data.delete')}
      danger
      pending={remove.isPending}
      failed={remove.isError}
      errorMessage={inUse ? t('management.data.definition.inUse') : undefined}
      onConfirm={() => remove.mutate(name, { onSuccess: () => (onDeleted ?? onClose)() })}
      onClose={onClose}
    >
      {t('management.data.definition.deleteText', { name })}
    </ConfirmDialog>
  );
}
