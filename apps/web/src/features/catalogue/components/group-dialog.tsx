import { useTranslation } from 'react-i18next';
import {
  menuGroupInputSchema,
  type CatalogueDashboardGroup,
  type CatalogueMenuGroup,
} from '@cockpit/contracts';
import { useSaveDashboardGroup } from '../api/save-dashboard-group';
import { useSaveMenuGroup } from '../api/save-menu-group';
import { emptyGroupForm, groupFormValues, groupInput, type GroupFormValues } from '../utils/catalogue-form';
import { useCatalogueForm } from '../utils/use-catalogue-form';
import { AudienceFields } from './audience-fields';
import { CatalogueFormDialog, type CatalogueDialogProps } from './catalogue-form-dialog';
import { IconSelect } from './icon-select';

export type GroupKind = 'menu' | 'dashboards';

type GroupDialogProps = CatalogueDialogProps & {
  kind: GroupKind;
  /** `null`: a new group (added at the end). */
  group: CatalogueMenuGroup | CatalogueDashboardGroup | null;
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
  const form = useCatalogueForm({
    initial: (): GroupFormValues => (group ? groupFormValues(group) : emptyGroupForm),
    creating: group === null,
    toInput: groupInput,
    schema: menuGroupInputSchema,
    save,
    send: (input) =>
      save.mutate(
        { name: group?.name ?? null, input },
        { onSuccess: () => onSaved(input.title.en, input.name) },
      ),
  });
  const { values, set, creating } = form;

  const title =
    kind === 'menu'
      ? t(
          creating
            ? 'management.catalogue.menuGroup.createTitle'
            : 'management.catalogue.menuGroup.editTitle',
        )
      : t(
          creating
            ? 'management.catalogue.dashboardGroup.createTitle'
            : 'management.catalogue.dashboardGroup.editTitle',
        );

  return (
    <CatalogueFormDialog
      form={form}
      title={title}
      size="xl"
      onClose={onClose}
      identifier={{ kind: 'name', creatingHint: t('management.catalogue.fields.nameHint') }}
      placementExtra={<IconSelect value={values.icon} onChange={(icon) => set('icon', icon)} />}
    >
      <AudienceFields values={values.audience} onChange={(audience) => set('audience', audience)} />
    </CatalogueFormDialog>
  );
}
