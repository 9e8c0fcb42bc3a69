import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { isApiRequestError } from '../../../lib/api-client';
import { useDeleteDataSource } from '../api/delete-data-source';

type DeleteDataSourceProps = {
  name: string;
  /** The definitions known to read it: named in the question and in a 409's message. */
  definitions: readonly string[];
  onClose: () => void;
  onDeleted?: () => void;
};

/** Delete a data source; while definitions read it the server refuses (409) and the dialog says which. */
export function DeleteDataSourceDialog({ name, definitions, onClose, onDeleted }: DeleteDataSourceProps) {
  const { t } = useTranslation();
  const remove = useDeleteDataSource();
  const inUse = isApiRequestError(remove.error) && remove.error.status === 409;
  return (
    <ConfirmDialog
      title={t('management.data.source.deleteTitle', { name })}
      confirmLabel={t('management.data.delete')}
      danger
      pending={remove.isPending}
      failed={remove.isError}
      errorMessage={
        inUse
          ? definitions.length > 0
            ? t('management.data.source.inUse', { definitions: definitions.join(', ') })
            : t('management.data.source.inUseUnknown')
          : undefined
      }
      onConfirm={() => remove.mutate(name, { onSuccess: () => (onDeleted ?? onClose)() })}
      onClose={onClose}
    >
      {t('management.data.source.deleteText', { name })}
    </ConfirmDialog>
  );
}
