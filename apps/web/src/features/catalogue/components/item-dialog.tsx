import { useState, type FormEvent } from 'react';
import {
  Box,
  Divider,
  Group,
  Modal,
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
  itemInputSchema,
  type CatalogueDocument,
  type CatalogueItem,
  type DateRangePreset,
  type ReportGrouping,
  type ReportQueryKey,
  queryAllowsGrouping,
  reportQueryGroupings,
} from '@cockpit/contracts';
import { FormActions } from '../../../components/ui/form-actions';
import { useFormCheck } from '../../../lib/form-check';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { useSaveItem } from '../api/save-item';
import {
  emptyItemForm,
  framePreviewUrl,
  itemFormValues,
  itemInput,
  itemKinds,
  proposeName,
  textIn,
  type ItemFormValues,
  type ItemKind,
} from '../utils/catalogue-form';
import { groupingLabel, kindLabel, rangeOptions, reportQueryOptions } from '../utils/catalogue-labels';
import { serverErrorMessage } from '../utils/server-error';
import { AudienceFields } from './audience-fields';
import { useCatalogueRenderers } from './catalogue-renderers';
import { IconSelect } from './icon-select';
import { hintsBelow, TitleFields } from './localised-fields';
import { PlacementFields } from './placement-fields';
import classes from './catalogue.module.css';

type ItemDialogProps = {
  document: CatalogueDocument;
  /** The group a new item goes to (at its end), or the item's group. */
  group: string;
  /** `null`: a new item. */
  item: CatalogueItem | null;
  onClose: () => void;
  onSaved: (title: string) => void;
};

/**
 * Create or change a report item (decision 015): titles and sub-titles in every language, icon, "leave
 * title untranslated", featured, audience, its group (changing it moves the item), and what it opens —
 * a built-in query with its default period and grouping, an embedded frame (previewed live, sandboxed),
 * or an external http(s) link.
 */
export function ItemDialog({ document, group, item, onClose, onSaved }: ItemDialogProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const save = useSaveItem();
  const [values, setValues] = useState<ItemFormValues>(() => (item ? itemFormValues(item, group) : emptyItemForm(group)));
  const [nameTouched, setNameTouched] = useState(item !== null);
  const input = itemInput(values);
  const check = useFormCheck(itemInputSchema, input);
  const creating = item === null;

  const set = <K extends keyof ItemFormValues>(key: K, value: ItemFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!check.validate()) return;
    save.mutate({ name: item?.name ?? null, input }, { onSuccess: () => onSaved(input.title.en) });
  }

  const groupOptions = document.menu.map((candidate) => ({ value: candidate.name, label: textIn(candidate.title, language) }));
  const groupings = reportQueryGroupings[values.query];

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(creating ? 'management.catalogue.item.createTitle' : 'management.catalogue.item.editTitle')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TitleFields
            title={values.title}
            onTitleChange={(next) =>
              setValues((current) => ({ ...current, title: next, name: nameTouched ? current.name : proposeName(next.en) }))
            }
            subTitle={{ values: values.subTitle, onChange: (subTitle) => set('subTitle', subTitle) }}
            check={check}
          />
          <PlacementFields
            creating={creating}
            identifier={{
              label: t('management.catalogue.fields.name'),
              creatingHint: t('management.catalogue.fields.itemNameHint'),
              value: values.name,
              onChange: (name) => {
                setNameTouched(true);
                set('name', name);
              },
              invalidError: check.error('name', t('management.catalogue.errors.name')),
              takenError: t('management.catalogue.errors.nameTaken'),
              saveError: save.error,
              maxLength: 64,
            }}
            group={{ options: groupOptions, value: values.group, onChange: (value) => set('group', value) }}
          >
            <IconSelect value={values.icon} onChange={(icon) => set('icon', icon)} />
          </PlacementFields>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Switch
              label={t('management.catalogue.fields.leaveTitleUntranslated')}
              description={t('management.catalogue.fields.leaveTitleUntranslatedHint')}
              checked={values.leaveTitleUntranslated}
              onChange={(event) => set('leaveTitleUntranslated', event.currentTarget.checked)}
            />
            <Switch
              label={t('management.catalogue.fields.featured')}
              description={t('management.catalogue.fields.featuredHint')}
              checked={values.featured}
              onChange={(event) => set('featured', event.currentTarget.checked)}
            />
          </SimpleGrid>
          <AudienceFields values={values.audience} onChange={(audience) => set('audience', audience)} />
          <Divider />
          <Radio.Group
            label={t('management.catalogue.fields.kind')}
            value={values.kind}
            onChange={(kind) => set('kind', kind as ItemKind)}
          >
            <Group gap="lg" mt={6}>
              {itemKinds.map((kind) => (
                <Radio key={kind} value={kind} label={kindLabel(t, kind)} />
              ))}
            </Group>
          </Radio.Group>
          {values.kind === 'builtin' && (
            <Group grow align="flex-start">
              <Select
                label={t('management.catalogue.fields.query')}
                description={t('management.catalogue.fields.queryHint')}
                inputWrapperOrder={hintsBelow}
                data={reportQueryOptions(t)}
                value={values.query}
                onChange={(query) => {
                  if (!query) return;
                  const next = query as ReportQueryKey;
                  // A grouping the new query does not offer goes back to the query's default.
                  setValues((current) => ({
                    ...current,
                    query: next,
                    grouping: current.grouping && queryAllowsGrouping(next, current.grouping) ? current.grouping : null,
                  }));
                }}
                allowDeselect={false}
              />
              <Select
                label={t('management.catalogue.fields.range')}
                data={rangeOptions(t)}
                value={values.range}
                onChange={(range) => range && set('range', range as DateRangePreset)}
                allowDeselect={false}
              />
              <Select
                label={t('management.catalogue.fields.grouping')}
                data={[
                  {
                    value: '',
                    label: t('management.catalogue.fields.groupingDefault', { grouping: groupingLabel(t, groupings[0]!) }),
                  },
                  ...groupings.map((grouping) => ({ value: grouping, label: groupingLabel(t, grouping) })),
                ]}
                value={values.grouping ?? ''}
                onChange={(grouping) => set('grouping', grouping ? (grouping as ReportGrouping) : null)}
                allowDeselect={false}
              />
            </Group>
          )}
          {values.kind === 'embedded' && (
            <FrameUrlField
              value={values.frameUrl}
              title={values.title.en}
              language={language}
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

type FrameUrlFieldProps = {
  value: string;
  title: string;
  language: string;
  error: string | undefined;
  onChange: (value: string) => void;
};

/** The frame URL and, below it, the frame as users will see it (loaded once typing pauses). */
function FrameUrlField({ value, title, language, error, onChange }: FrameUrlFieldProps) {
  const { t } = useTranslation();
  const { renderFramePreview } = useCatalogueRenderers();
  const [settled] = useDebouncedValue(value, 400);
  const previewUrl = framePreviewUrl(settled, language);
  return (
    <Stack gap="xs">
      <TextInput
        label={t('management.catalogue.fields.frameUrl')}
        description={t('management.catalogue.fields.frameUrlHint')}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
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
