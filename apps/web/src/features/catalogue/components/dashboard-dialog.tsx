import { useState, type FormEvent } from 'react';
import { Divider, Modal, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dashboardInputSchema, type CatalogueDashboard, type CatalogueDocument } from '@cockpit/contracts';
import { FormActions } from '../../../components/ui/form-actions';
import { useFormCheck } from '../../../lib/form-check';
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
import { serverErrorMessage } from '../utils/server-error';
import { AudienceFields } from './audience-fields';
import { TitleFields } from './localised-fields';
import { PlacementFields } from './placement-fields';
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
  const input = dashboardInput(values);
  const check = useFormCheck(dashboardInputSchema, input);
  const invalidTitles = new Set(
    [...check.invalid].flatMap((path) => {
      const match = /^tiles\.(\d+)\.title\.en$/.exec(path);
      return match ? [Number(match[1])] : [];
    }),
  );
  const creating = dashboard === null;

  const set = <K extends keyof DashboardFormValues>(key: K, value: DashboardFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!check.validate()) return;
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
          <TitleFields
            title={values.title}
            onTitleChange={(title) => set('title', title)}
            subTitle={{ values: values.subTitle, onChange: (subTitle) => set('subTitle', subTitle) }}
            check={check}
          />
          <PlacementFields
            creating={creating}
            identifier={{
              label: t('management.catalogue.fields.layoutId'),
              creatingHint: t('management.catalogue.fields.layoutIdHint'),
              value: values.layoutId,
              onChange: (layoutId) => set('layoutId', layoutId),
              invalidError: check.error('layoutId', t('management.catalogue.errors.layoutId')),
              takenError: t('management.catalogue.errors.layoutIdTaken'),
              saveError: save.error,
              numeric: true,
            }}
            group={{ options: groupOptions, value: values.group, onChange: (value) => set('group', value) }}
          />
          <Switch
            label={t('management.catalogue.fields.featured')}
            description={t('management.catalogue.fields.featuredHint')}
            checked={values.featured}
            onChange={(event) => set('featured', event.currentTarget.checked)}
          />
          <AudienceFields values={values.audience} onChange={(audience) => set('audience', audience)} />
          <Divider />
          <TileEditor tiles={values.tiles} onChange={(tiles) => set('tiles', tiles)} invalidTitles={invalidTitles} />
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
