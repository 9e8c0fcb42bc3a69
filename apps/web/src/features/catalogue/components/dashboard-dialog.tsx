import { Divider } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dashboardInputSchema, type CatalogueDashboard, type CatalogueDocument } from '@cockpit/contracts';
import { useSaveDashboard } from '../api/save-dashboard';
import {
  dashboardFormValues,
  dashboardInput,
  emptyDashboardForm,
  proposeLayoutId,
  type DashboardFormValues,
} from '../utils/catalogue-form';
import { useCatalogueForm } from '../utils/use-catalogue-form';
import { AudienceFields } from './audience-fields';
import { CatalogueFormDialog, type CatalogueDialogProps } from './catalogue-form-dialog';
import { DashboardParameters } from './dashboard-parameters';
import { FeaturedSwitch } from './featured-switch';
import { TileEditor } from './tile-editor';

type DashboardDialogProps = CatalogueDialogProps & {
  document: CatalogueDocument;
  group: string;
  /** `null`: a new dashboard; its layout id is assigned as the largest one + 1, never asked for. */
  dashboard: CatalogueDashboard | null;
};

/** Create or change a dashboard with its parameters (decision 027) and tiles (decision 015). */
export function DashboardDialog({ document, group, dashboard, onClose, onSaved }: DashboardDialogProps) {
  const { t } = useTranslation();
  const save = useSaveDashboard();
  const form = useCatalogueForm({
    initial: (): DashboardFormValues =>
      dashboard
        ? dashboardFormValues(dashboard, group)
        : emptyDashboardForm(group, proposeLayoutId(document)),
    creating: dashboard === null,
    toInput: dashboardInput,
    schema: dashboardInputSchema,
    save,
    send: (input) =>
      save.mutate(
        { layoutId: dashboard ? String(dashboard.layoutId) : null, input },
        { onSuccess: () => onSaved(input.title.en, String(input.layoutId)) },
      ),
  });
  const { values, set, check } = form;
  const invalidTitles = new Set(
    [...check.invalid].flatMap((path) => {
      const match = /^tiles\.(\d+)\.title\.en$/.exec(path);
      return match ? [Number(match[1])] : [];
    }),
  );

  return (
    <CatalogueFormDialog
      form={form}
      title={t(
        form.creating
          ? 'management.catalogue.dashboard.createTitle'
          : 'management.catalogue.dashboard.editTitle',
      )}
      size="90rem"
      onClose={onClose}
      identifier={{
        kind: 'layoutId',
        creatingHint: t('management.catalogue.fields.layoutIdAutomatic'),
        automatic: true,
      }}
      groups={document.dashboards}
    >
      <FeaturedSwitch checked={values.featured} onChange={(featured) => set('featured', featured)} />
      <AudienceFields values={values.audience} onChange={(audience) => set('audience', audience)} />
      <Divider />
      <DashboardParameters
        parameters={values.parameters}
        onChange={(parameters) => set('parameters', parameters)}
        check={check}
      />
      <Divider />
      <TileEditor
        definitions={document.definitions ?? []}
        tiles={values.tiles}
        onChange={(tiles) => set('tiles', tiles)}
        invalidTitles={invalidTitles}
        dashboardParameters={values.parameters.map((parameter) => parameter.name.trim())}
      />
    </CatalogueFormDialog>
  );
}
