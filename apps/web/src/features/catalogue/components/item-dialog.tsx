import { useState } from 'react';
import {
  Box,
  Divider,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import {
  frameUrlProblem,
  itemInputSchema,
  type CatalogueDocument,
  type CatalogueItem,
} from '@cockpit/contracts';
import { useAppConfig } from '../../../lib/app-config';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { useSaveItem } from '../api/save-item';
import {
  emptyItemForm,
  framePreviewUrl,
  itemFormValues,
  itemInput,
  itemKinds,
  type ItemFormValues,
} from '../utils/catalogue-form';
import { kindLabel } from '../utils/catalogue-labels';
import { useCatalogueForm } from '../utils/use-catalogue-form';
import { AudienceFields } from './audience-fields';
import { CatalogueFormDialog, type CatalogueDialogProps } from './catalogue-form-dialog';
import { useCatalogueRenderers } from './catalogue-renderers';
import { FeaturedSwitch } from './featured-switch';
import { IconSelect } from './icon-select';
import classes from './catalogue.module.css';

type ItemDialogProps = CatalogueDialogProps & {
  document: CatalogueDocument;
  /** The group a new item goes to (at its end), or the item's group. */
  group: string;
  /** `null`: a new item. */
  item: CatalogueItem | null;
};

/**
 * Create or change a report item (decision 015): titles and sub-titles in every language, icon, "leave
 * title untranslated", featured, audience, its group (changing it moves the item), and what it opens —
 * a report definition with the values it opens with, an embedded frame (previewed live, sandboxed),
 * or an external http(s) link.
 */
export function ItemDialog({ document, group, item, onClose, onSaved }: ItemDialogProps) {
  const { t } = useTranslation();
  const save = useSaveItem();
  const form = useCatalogueForm({
    initial: (): ItemFormValues => (item ? itemFormValues(item, group) : emptyItemForm(group)),
    creating: item === null,
    toInput: itemInput,
    schema: itemInputSchema,
    save,
    send: (input) =>
      save.mutate(
        { name: item?.name ?? null, input },
        { onSuccess: () => onSaved(input.title.en, input.name) },
      ),
  });
  const { values, set, check } = form;

  return (
    <CatalogueFormDialog
      form={form}
      title={t(
        form.creating ? 'management.catalogue.item.createTitle' : 'management.catalogue.item.editTitle',
      )}
      size="xl"
      onClose={onClose}
      identifier={{ kind: 'name', creatingHint: t('management.catalogue.fields.itemNameHint') }}
      groups={document.menu}
      placementExtra={<IconSelect value={values.icon} onChange={(icon) => set('icon', icon)} />}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Switch
          label={t('management.catalogue.fields.leaveTitleUntranslated')}
          description={t('management.catalogue.fields.leaveTitleUntranslatedHint')}
          checked={values.leaveTitleUntranslated}
          onChange={(event) => set('leaveTitleUntranslated', event.currentTarget.checked)}
        />
        <FeaturedSwitch checked={values.featured} onChange={(featured) => set('featured', featured)} />
      </SimpleGrid>
      <AudienceFields values={values.audience} onChange={(audience) => set('audience', audience)} />
      <Divider />
      <Radio.Group
        label={t('management.catalogue.fields.kind')}
        value={values.kind}
        onChange={(kind) => set('kind', kind)}
      >
        <Group gap="lg" mt={6}>
          {itemKinds.map((kind) => (
            <Radio key={kind} value={kind} label={kindLabel(t, kind)} />
          ))}
        </Group>
      </Radio.Group>
      {values.kind === 'query' && (
        <Select
          label={t('management.catalogue.fields.definition')}
          description={t('management.catalogue.fields.definitionHint')}
          data={(document.definitions ?? []).map((definition) => definition.name)}
          value={values.definition || null}
          onChange={(definition) => set('definition', definition ?? '')}
          error={check.error('report.definition', t('management.catalogue.errors.definition'))}
          nothingFoundMessage={t('management.catalogue.fields.noDefinitions')}
          searchable
          required
        />
      )}
      {values.kind === 'embedded' && (
        <FrameUrlField
          value={values.frameUrl}
          title={values.title.en}
          error={check.error('report.frameUrl', t('management.catalogue.errors.frameUrl'))}
          onChange={(frameUrl) => set('frameUrl', frameUrl)}
        />
      )}
      {values.kind === 'external' && (
        <TextInput
          type="url"
          label={t('management.catalogue.fields.url')}
          description={t('management.catalogue.fields.urlHint')}
          value={values.url}
          onChange={(event) => set('url', event.currentTarget.value)}
          error={check.error('report.url', t('management.catalogue.errors.url'))}
          required
        />
      )}
      {values.kind === 'none' && (
        <Text size="sm" c="dimmed">
          {t('management.catalogue.fields.noneHint')}
        </Text>
      )}
    </CatalogueFormDialog>
  );
}

type FrameUrlFieldProps = {
  value: string;
  title: string;
  error: string | undefined;
  onChange: (value: string) => void;
};

/**
 * The frame URL and, below it, the frame as users will see it (loaded once typing pauses). When the field
 * loses focus, an address the browser would block in the frame is named at once, with the sites allowed
 * (REPORT_FRAME_ORIGINS from the app configuration) — never a grey "blocked" frame.
 */
function FrameUrlField({ value, title, error, onChange }: FrameUrlFieldProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const { renderFramePreview } = useCatalogueRenderers();
  const origins = useAppConfig().data?.reportFrameOrigins ?? [];
  const [settled] = useDebouncedValue(value, 400);
  const [checked, setChecked] = useState<string | null>(null);
  const problem = frameUrlProblem(value, origins);
  const shownProblem = checked === value && problem !== null && problem !== 'empty' ? problem : null;
  const sites = origins.map((origin) => new URL(origin).host).join(', ');
  const problemText =
    shownProblem === 'other-site' || shownProblem === 'not-https'
      ? origins.length > 0
        ? t('management.catalogue.errors.frameSite', { sites })
        : t('management.catalogue.errors.frameSiteNone')
      : shownProblem === 'invalid'
        ? t('management.catalogue.errors.frameInvalid')
        : undefined;
  const previewUrl = frameUrlProblem(settled, origins) === null ? framePreviewUrl(settled, language) : null;
  return (
    <Stack gap="xs">
      <TextInput
        label={t('management.catalogue.fields.frameUrl')}
        description={t('management.catalogue.fields.frameUrlHint')}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={() => setChecked(value)}
        error={problemText ?? error}
        required
      />
      <Text size="sm" fw={500}>
        {t('management.catalogue.fields.framePreview')}
      </Text>
      <Box className={classes.framePreview} data-testid="frame-preview">
        {previewUrl ? (
          renderFramePreview(previewUrl, title || t('management.catalogue.fields.framePreview'))
        ) : (
          <Text size="sm" c="dimmed" p="md">
            {t('management.catalogue.fields.framePreviewEmpty')}
          </Text>
        )}
      </Box>
    </Stack>
  );
}
