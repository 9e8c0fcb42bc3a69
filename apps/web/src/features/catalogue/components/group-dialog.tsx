import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { menuGroupInputSchema, type CatalogueDashboardGroup, type CatalogueMenuGroup } from '@cockpit/contracts';
import { invalidFields } from '../../../lib/invalid-fields';
import { useSaveDashboardGroup } from '../api/save-dashboard-group';
import { useSaveMenuGroup } from '../api/save-menu-group';
import { emptyGroupForm, groupFormValues, groupInput, proposeName, type GroupFormValues } from '../utils/catalogue-form';
import { isConflict, serverErrorMessage } from '../utils/server-error';
import { AudienceFields } from './audience-fields';
import { IconSelect } from './icon-select';
import { hintsBelow, LocalisedFields } from './localised-fields';

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
  const [submitted, setSubmitted] = useState(false);
  const input = groupInput(values);
  const invalid = submitted ? invalidFields(menuGroupInputSchema, input) : new Set<string>();
  const creating = group === null;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (invalidFields(menuGroupInputSchema, input).size > 0) return;
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
          <LocalisedFields
            label={t('management.catalogue.fields.title')}
            values={values.title}
            onChange={(next) =>
              setValues((current) => ({
                ...current,
                title: next,
                name: nameTouched ? current.name : proposeName(next.en),
              }))
            }
            required
            englishError={invalid.has('title.en') ? t('management.catalogue.errors.title') : undefined}
            maxLength={200}
            autoFocus
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('management.catalogue.fields.name')}
              inputWrapperOrder={hintsBelow}
              description={t(creating ? 'management.catalogue.fields.nameHint' : 'management.catalogue.fields.nameFixed')}
              value={values.name}
              onChange={(event) => {
                const name = event.currentTarget.value;
                setNameTouched(true);
                setValues((current) => ({ ...current, name }));
              }}
              readOnly={!creating}
              variant={creating ? 'default' : 'filled'}
              required
              error={
                invalid.has('name')
                  ? t('management.catalogue.errors.name')
                  : isConflict(save.error)
                    ? t('management.catalogue.errors.nameTaken')
                    : undefined
              }
              maxLength={64}
            />
            <IconSelect value={values.icon} onChange={(icon) => setValues((current) => ({ ...current, icon }))} />
          </Group>
          <AudienceFields values={values.audience} onChange={(audience) => setValues((current) => ({ ...current, audience }))} />
          {save.isError && (
            <Alert color="red" role="alert" title={t('management.catalogue.errors.notSaved')}>
              {serverErrorMessage(t, save.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('management.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
