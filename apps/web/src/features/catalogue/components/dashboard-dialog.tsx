import { useState, type FormEvent } from 'react';
import { Alert, Button, Divider, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dashboardInputSchema, type CatalogueDashboard, type CatalogueDocument } from '@cockpit/contracts';
import { invalidFields } from '../../../lib/invalid-fields';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { useSaveDashboard } from '../api/save-dashboard';
import {
  dashboardFormValues,
  dashboardInput,
  emptyDashboardForm,
  proposeLayoutId,
  textIn,
  type DashboardFormValues,
} from '../utils/catalogue-form';
import { isConflict, serverErrorMessage } from '../utils/server-error';
import { AudienceFields } from './audience-fields';
import { hintsBelow, LocalisedFields } from './localised-fields';
import { TileEditor } from './tile-editor';

type DashboardDialogProps = {
  document: CatalogueDocument;
  group: string;
  /** `null`: a new dashboard; its layout id is proposed as the largest one + 1. */
  dashboard: CatalogueDashboard | null;
  onClose: () => void;
  onSaved: (title: string) => void;
};

/** Create or change a dashboard with its tiles (decision 015). */
export function DashboardDialog({ document, group, dashboard, onClose, onSaved }: DashboardDialogProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const save = useSaveDashboard();
  const [values, setValues] = useState<DashboardFormValues>(() =>
    dashboard ? dashboardFormValues(dashboard, group) : emptyDashboardForm(group, proposeLayoutId(document)),
  );
  const [submitted, setSubmitted] = useState(false);
  const input = dashboardInput(values);
  const invalid = submitted ? invalidFields(dashboardInputSchema, input) : new Set<string>();
  const invalidTitles = new Set(
    [...invalid].flatMap((path) => {
      const match = /^tiles\.(\d+)\.title\.en$/.exec(path);
      return match ? [Number(match[1])] : [];
    }),
  );
  const creating = dashboard === null;

  const set = <K extends keyof DashboardFormValues>(key: K, value: DashboardFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (invalidFields(dashboardInputSchema, input).size > 0) return;
    save.mutate(
      { layoutId: dashboard ? String(dashboard.layoutId) : null, input },
      { onSuccess: () => onSaved(input.title.en) },
    );
  }

  const groupOptions = document.dashboards.map((candidate) => ({
    value: candidate.name,
    label: textIn(candidate.title, language),
  }));

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(creating ? 'management.catalogue.dashboard.createTitle' : 'management.catalogue.dashboard.editTitle')}
      size="90rem"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <LocalisedFields
            label={t('management.catalogue.fields.title')}
            values={values.title}
            onChange={(title) => set('title', title)}
            required
            englishError={invalid.has('title.en') ? t('management.catalogue.errors.title') : undefined}
            maxLength={200}
            autoFocus
          />
          <LocalisedFields
            label={t('management.catalogue.fields.subTitle')}
            values={values.subTitle}
            onChange={(subTitle) => set('subTitle', subTitle)}
            englishError={invalid.has('subTitle.en') ? t('management.catalogue.errors.subTitle') : undefined}
            maxLength={500}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('management.catalogue.fields.layoutId')}
              inputWrapperOrder={hintsBelow}
              description={t(creating ? 'management.catalogue.fields.layoutIdHint' : 'management.catalogue.fields.nameFixed')}
              value={values.layoutId}
              inputMode="numeric"
              onChange={(event) => set('layoutId', event.currentTarget.value)}
              readOnly={!creating}
              variant={creating ? 'default' : 'filled'}
              required
              error={
                invalid.has('layoutId')
                  ? t('management.catalogue.errors.layoutId')
                  : isConflict(save.error)
                    ? t('management.catalogue.errors.layoutIdTaken')
                    : undefined
              }
            />
            <Select
              label={t('management.catalogue.fields.group')}
              inputWrapperOrder={hintsBelow}
              description={creating ? undefined : t('management.catalogue.fields.groupMoveHint')}
              data={groupOptions}
              value={values.group}
              onChange={(value) => value && set('group', value)}
              allowDeselect={false}
            />
          </Group>
          <Switch
            label={t('management.catalogue.fields.featured')}
            description={t('management.catalogue.fields.featuredHint')}
            checked={values.featured}
            onChange={(event) => set('featured', event.currentTarget.checked)}
          />
          <AudienceFields values={values.audience} onChange={(audience) => set('audience', audience)} />
          <Divider />
          <TileEditor tiles={values.tiles} onChange={(tiles) => set('tiles', tiles)} invalidTitles={invalidTitles} />
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
