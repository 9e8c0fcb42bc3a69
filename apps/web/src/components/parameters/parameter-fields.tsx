import {
  Badge,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dateRangePresetLabelKeys,
  dateRangePresets,
  definitionParameterTypes,
  type DefinitionParameterType,
} from '@cockpit/contracts';
import type { FormCheck } from '../../lib/form-check';
import { CultureDateField } from '../ui/culture-date-field';
import { LocalisedInputs } from '../ui/localised-inputs';
import { monoInput } from '../ui/mono-input';
import { parameterTypeLabelKeys, type ParameterFormValues } from './parameter-form';

type ParameterFieldsProps = {
  name: string;
  /** Its place among the SQL's parameters (the check's paths are `parameters.<index>.…`). */
  index: number;
  form: ParameterFormValues;
  onChange: (form: ParameterFormValues) => void;
  check: FormCheck;
  /** The name as an input (a dashboard's own parameter) instead of the name the SQL writes. */
  nameField?: ReactNode;
  /** Buttons beside the type badge (move, remove). */
  actions?: ReactNode;
  /** Whether a choice may take its options from SQL: a dashboard has no data source, so only a fixed list. */
  optionsFromSql?: boolean;
};

const isChoice = (type: DefinitionParameterType) => type === 'choice' || type === 'multi-choice';

/**
 * One parameter the SQL names (`{{name}}`, a range `{{name.from}}`), or one a dashboard declares for its
 * tiles to follow (decision 027): its type, labels, default, whether a value is required, and for a choice
 * its options — a fixed list or the first column of a SQL statement.
 */
export function ParameterFields({
  name,
  index,
  form,
  onChange,
  check,
  nameField,
  actions,
  optionsFromSql = true,
}: ParameterFieldsProps) {
  const { t } = useTranslation();
  const set = <Key extends keyof ParameterFormValues>(key: Key, value: ParameterFormValues[Key]) =>
    onChange({ ...form, [key]: value });
  const path = `parameters.${index}`;

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="fieldset"
      aria-label={t('management.data.parameter.legend', { name })}
      data-testid="parameter-fields"
      // A fieldset is at least as wide as its content: on a phone it would stick out of the dialog.
      style={{ minWidth: 0 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          {nameField ?? <Text fw={600} ff="monospace">{`{{${name}}}`}</Text>}
          <Group gap={4} wrap="nowrap">
            <Badge variant="light">{t(parameterTypeLabelKeys[form.type])}</Badge>
            {actions}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('management.data.parameter.type')}
            data={definitionParameterTypes.map((type) => ({
              value: type,
              label: t(parameterTypeLabelKeys[type]),
            }))}
            value={form.type}
            onChange={(type) => type && onChange({ ...form, type: type, defaultText: '' })}
            allowDeselect={false}
          />
          <Switch
            label={t('management.data.parameter.required')}
            checked={form.required}
            onChange={(event) => set('required', event.currentTarget.checked)}
            mt={{ base: 0, sm: 30 }}
          />
        </SimpleGrid>
        <LocalisedInputs
          label={t('management.data.parameter.label')}
          values={form.label}
          onChange={(label) => set('label', label)}
          englishError={check.error(`${path}.label.en`, t('management.data.errors.label'))}
        />
        <DefaultField
          form={form}
          onChange={(defaultText) => set('defaultText', defaultText)}
          error={check.error(`${path}.default`, t('management.data.errors.default'))}
        />
        {isChoice(form.type) && (
          <Stack gap="xs">
            {optionsFromSql && (
              <>
                <Text size="sm" fw={500} id={`options-from-${index}`}>
                  {t('management.data.parameter.optionsFrom')}
                </Text>
                <SegmentedControl
                  aria-labelledby={`options-from-${index}`}
                  value={form.optionsFrom}
                  onChange={(value) => set('optionsFrom', value)}
                  data={[
                    { value: 'list', label: t('management.data.parameter.optionsList') },
                    { value: 'sql', label: t('management.data.parameter.optionsSql') },
                  ]}
                  w="fit-content"
                />
              </>
            )}
            {form.optionsFrom === 'list' || !optionsFromSql ? (
              <Textarea
                label={t('management.data.parameter.options')}
                description={t('management.data.parameter.optionsHint')}
                value={form.optionsText}
                onChange={(event) => set('optionsText', event.currentTarget.value)}
                error={check.error(`${path}.options`, t('management.data.errors.options'))}
                autosize
                minRows={3}
                maxRows={10}
              />
            ) : (
              <Textarea
                label={t('management.data.parameter.optionsSqlLabel')}
                description={t('management.data.parameter.optionsSqlHint')}
                value={form.optionsSql}
                onChange={(event) => set('optionsSql', event.currentTarget.value)}
                error={check.error(`${path}.options`, t('management.data.errors.options'))}
                autosize
                minRows={2}
                maxRows={8}
                styles={monoInput}
              />
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

type DefaultFieldProps = { form: ParameterFormValues; onChange: (text: string) => void; error?: string };

function DefaultField({ form, onChange, error }: DefaultFieldProps) {
  const { t } = useTranslation();
  const label = t('management.data.parameter.default');
  switch (form.type) {
    case 'date-range':
      return (
        <Select
          label={label}
          data={[
            { value: '', label: t('management.data.parameter.noDefault') },
            ...dateRangePresets.map((preset) => ({
              value: preset,
              label: t(dateRangePresetLabelKeys[preset]),
            })),
          ]}
          value={form.defaultText}
          onChange={(value) => onChange(value ?? '')}
          allowDeselect={false}
          error={error}
          maw={320}
        />
      );
    case 'date':
      return (
        <CultureDateField
          label={label}
          value={form.defaultText}
          onChange={onChange}
          error={error}
          maw={220}
        />
      );
    case 'multi-choice':
      return (
        <Textarea
          label={label}
          description={t('management.data.parameter.defaultMultiHint')}
          value={form.defaultText}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          autosize
          minRows={2}
          maxRows={6}
        />
      );
    default:
      return (
        <TextInput
          label={label}
          inputMode={form.type === 'number' ? 'decimal' : undefined}
          value={form.defaultText}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          maw={320}
        />
      );
  }
}
