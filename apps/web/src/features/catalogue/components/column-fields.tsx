import {
  ActionIcon,
  Autocomplete,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { IconPlus, IconTableImport, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { columnFormats, type ColumnFormat, type DefinitionPreviewResponse } from '@cockpit/contracts';
import type { FormCheck } from '../../../lib/form-check';
import type { ColumnFormValues } from '../utils/definition-form';
import { columnFormatLabelKeys } from '../utils/definition-labels';
import { LocalisedInputs } from '../../../components/ui/localised-inputs';
import { monoInput } from '../../../components/ui/mono-input';

type ColumnFieldsProps = {
  columns: ColumnFormValues[];
  onChange: (columns: ColumnFormValues[]) => void;
  /** The result's columns the last preview returned (offered, and taken over at once). */
  resultColumns: DefinitionPreviewResponse['resultColumns'];
  check: FormCheck;
};

const withDecimals: ReadonlySet<ColumnFormat> = new Set(['number', 'currency', 'percent']);

type ResultColumnKind = DefinitionPreviewResponse['resultColumns'][number]['kind'];

/** The format a column taken from the preview starts with, by what the database returned. */
const formatOfKind: Record<ResultColumnKind, Pick<ColumnFormValues, 'format' | 'decimals'>> = {
  integer: { format: 'integer', decimals: '' },
  number: { format: 'number', decimals: 2 },
  date: { format: 'date', decimals: '' },
  timestamp: { format: 'date', decimals: '' },
  text: { format: 'text', decimals: '' },
  boolean: { format: 'text', decimals: '' },
  json: { format: 'text', decimals: '' },
};

/** The result's columns as users see them (decision 027): label in every language, format, decimals. */
export function ColumnFields({ columns, onChange, resultColumns, check }: ColumnFieldsProps) {
  const { t } = useTranslation();
  const update = (index: number, column: ColumnFormValues) =>
    onChange(columns.map((current, at) => (at === index ? column : current)));
  const missing = resultColumns.filter((result) => !columns.some((column) => column.name === result.name));

  function takeFromPreview() {
    onChange([
      ...columns,
      ...missing.map(({ name, kind }): ColumnFormValues => ({
        name,
        label: { en: name, de: '', deAt: '' },
        ...formatOfKind[kind],
      })),
    ]);
  }

  return (
    <Stack gap="sm">
      {columns.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('management.data.columns.none')}
        </Text>
      )}
      {columns.map((column, index) => (
        <Paper key={index} withBorder p="sm" radius="md" data-testid="column-fields">
          <Stack gap="xs">
            <Group align="flex-end" gap="sm">
              <Autocomplete
                label={t('management.data.columns.name')}
                data={[...new Set(resultColumns.map((result) => result.name))]}
                value={column.name}
                onChange={(name) => update(index, { ...column, name })}
                error={check.error(`columns.${index}.name`, t('management.data.errors.required'))}
                styles={monoInput}
                w={220}
              />
              <Select
                label={t('management.data.columns.format')}
                data={columnFormats.map((format) => ({
                  value: format,
                  label: t(columnFormatLabelKeys[format]),
                }))}
                value={column.format}
                onChange={(format) => format && update(index, { ...column, format: format })}
                allowDeselect={false}
                w={180}
              />
              {withDecimals.has(column.format) && (
                <NumberInput
                  label={t('management.data.columns.decimals')}
                  value={column.decimals}
                  onChange={(value) =>
                    update(index, { ...column, decimals: typeof value === 'number' ? value : '' })
                  }
                  min={0}
                  max={6}
                  allowDecimal={false}
                  w={120}
                />
              )}
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('management.data.columns.remove', { name: column.name || index + 1 })}
                onClick={() => onChange(columns.filter((_, at) => at !== index))}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Group>
            <LocalisedInputs
              label={t('management.data.columns.label')}
              values={column.label}
              onChange={(label) => update(index, { ...column, label })}
              englishError={check.error(`columns.${index}.label.en`, t('management.data.errors.label'))}
            />
          </Stack>
        </Paper>
      ))}
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() =>
            onChange([
              ...columns,
              { name: '', label: { en: '', de: '', deAt: '' }, format: 'text', decimals: '' },
            ])
          }
        >
          {t('management.data.columns.add')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconTableImport size={16} aria-hidden="true" />}
          onClick={takeFromPreview}
          disabled={missing.length === 0}
        >
          {t('management.data.columns.fromPreview')}
        </Button>
      </Group>
    </Stack>
  );
}
