import type { ReactNode } from 'react';
import type { ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import type { CatalogueForm } from '../utils/use-catalogue-form';
import { serverErrorMessage } from '../../../lib/server-error';
import { catalogueErrorTexts } from '../utils/catalogue-labels';
import { TitleFields } from './localised-fields';
import { PlacementFields, type PlacementFieldsProps } from './placement-fields';

/** What the catalogue screen gives each of its dialogs besides the object. */
export type CatalogueDialogProps = {
  onClose: () => void;
  /** After the save, with the object's English title (for the confirmation) and its name or layout id (to show it). */
  onSaved: (title: string, key: string) => void;
};

type CatalogueFormDialogProps = Omit<PlacementFieldsProps, 'form' | 'children'> & {
  form: CatalogueForm;
  title: string;
  size: ModalProps['size'];
  onClose: () => void;
  /** More fields on the placement row (the icon). */
  placementExtra?: ReactNode;
  /** The fields below the titles and the placement. */
  children: ReactNode;
};

/**
 * Every catalogue dialog (decision 015): the object's title and, where it has one (items, dashboards),
 * sub-title in every language, where it sits (name or layout id, group), its own fields, checked with
 * the contracts schema on submit, and the save's outcome.
 */
export function CatalogueFormDialog({
  form,
  title,
  size,
  onClose,
  placementExtra,
  children,
  ...placement
}: CatalogueFormDialogProps) {
  const { t } = useTranslation();
  const { values, check, save } = form;
  return (
    <FormDialog
      onClose={onClose}
      title={title}
      size={size}
      onSubmit={() => {
        if (check.validate()) form.submit();
      }}
      failure={
        save.isError
          ? {
              title: t('management.catalogue.errors.notSaved'),
              message: serverErrorMessage(t, save.error, catalogueErrorTexts),
            }
          : null
      }
      pending={save.isPending}
      submitLabel={t('management.save')}
    >
      <TitleFields
        title={values.title}
        onTitleChange={form.setTitle}
        subTitle={values.subTitle && { values: values.subTitle, onChange: form.setSubTitle }}
        check={check}
      />
      <PlacementFields form={form} {...placement}>
        {placementExtra}
      </PlacementFields>
      {children}
    </FormDialog>
  );
}
