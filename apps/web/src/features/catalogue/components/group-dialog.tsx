import { useState, type FormEvent } from 'react';
import { Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { menuGroupInputSchema, type CatalogueDashboardGroup, type CatalogueMenuGroup } from '@cockpit/contracts';
import { FormActions } from '../../../components/ui/form-actions';
import { useFormCheck } from '../../../lib/form-check';
import { useSaveDashboardGroup } from '../api/save-dashboard-group';
import { useSaveMenuGroup } from '../api/save-menu-group';
import { emptyGroupForm, groupFormValues, groupInput, proposeName, type GroupFormValues } from '../utils/catalogue-form';
import { serverErrorMessage } from '../utils/server-error';
import { AudienceFields } from './audience-fields';
import { IconSelect } from './icon-select';
import { TitleFields } from './localised-fields';
import { PlacementFields } from './placement-fields';

export type GroupKind = 'menu' | 'dashboards';

type GroupDialogProps = {
  kind: GroupKind;
  /** `null`: a new group (added at the end). */
  group: CatalogueMenuGroup | CatalogueDashboardGroup | null;
  onClose: () => void;
  onSaved: (title: string) => void;
};

/**
 * Create or change a menu group or a dashboard group (decision 015): name (fixed once created: it is
 * part of URLs), title in every language, icon, audience.
 */
export function GroupDialog({ kind, group, onClose, onSaved }: GroupDialogProps) {
  const { t } = useTranslation();
  const saveMenuGroup = useSaveMenuGroup();
  const saveDashboardGroup = useSaveDashboardGroup();
  const save = kind === 'menu' ? saveMenuGroup : saveDashboardGroup;
  const [values, setValues] = useState<GroupFormValues>(() => (group ? groupFormValues(group) : emptyGroupForm));
  // Until the name is typed, it follows the English title.
  const [nameTouched, setNameTouched] = useState(group !== null);
  const input = groupInput(values);
  const check = useFormCheck(menuGroupInputSchema, input);
  const creating = group === null;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!check.validate()) return;
    save.mutate({ name: group?.name ?? null, input }, { onSuccess: () => onSaved(input.title.en) });
  }

  const title =
    kind === 'menu'
      ? t(creating ? 'management.catalogue.menuGroup.createTitle' : 'management.catalogue.menuGroup.editTitle')
      : t(creating ? 'management.catalogue.dashboardGroup.createTitle' : 'management.catalogue.dashboardGroup.editTitle');

  return (
    <Modal opened onClose={onClose} title={title} size="xl" closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TitleFields
            title={values.title}
            onTitleChange={(next) =>
              setValues((current) => ({
                ...current,
                title: next,
                name: nameTouched ? current.name : proposeName(next.en),
              }))
            }
            check={check}
          />
          <PlacementFields
            creating={creating}
            identifier={{
              label: t('management.catalogue.fields.name'),
              creatingHint: t('management.catalogue.fields.nameHint'),
              value: values.name,
              onChange: (name) => {
                setNameTouched(true);
                setValues((current) => ({ ...current, name }));
              },
              invalidError: check.error('name', t('management.catalogue.errors.name')),
              takenError: t('management.catalogue.errors.nameTaken'),
              saveError: save.error,
              maxLength: 64,
            }}
          >
            <IconSelect value={values.icon} onChange={(icon) => setValues((current) => ({ ...current, icon }))} />
          </PlacementFields>
          <AudienceFields values={values.audience} onChange={(audience) => setValues((current) => ({ ...current, audience }))} />
          <FormActions
            failure={save.isError ? { title: t('management.catalogue.errors.notSaved'), message: serverErrorMessage(t, save.error) } : null}
            onCancel={onClose}
            pending={save.isPending}
            submitLabel={t('management.save')}
          />
        </Stack>
      </form>
    </Modal>
  );
}
