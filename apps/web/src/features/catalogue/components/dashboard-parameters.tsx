import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ParameterFields } from '../../../components/parameters/parameter-fields';
import { monoInput } from '../../../components/ui/mono-input';
import type { FormCheck } from '../../../lib/form-check';
import {
  moveInList,
  newDashboardParameter,
  type DashboardParameterFormValues,
} from '../utils/catalogue-form';
import classes from './catalogue.module.css';
import { ListEntryActions } from './list-entry-actions';

type DashboardParametersProps = {
  parameters: DashboardParameterFormValues[];
  onChange: (parameters: DashboardParameterFormValues[]) => void;
  check: FormCheck;
};

/**
 * The dashboard's own parameters (decision 027): shown as controls above its tiles, and followed by every
 * tile whose report definition has a parameter of the same name. Each is edited with the report
 * definition editor's parameter fields; a choice takes a fixed list (a dashboard has no data source).
 */
export function DashboardParameters({ parameters, onChange, check }: DashboardParametersProps) {
  const { t } = useTranslation();
  const update = (index: number, changes: Partial<DashboardParameterFormValues>) =>
    onChange(parameters.map((parameter, i) => (i === index ? { ...parameter, ...changes } : parameter)));
  const rename = (index: number, name: string) => {
    const parameter = parameters[index]!;
    // The English label follows the name until it is written differently.
    const label =
      parameter.form.label.en === parameter.name
        ? { ...parameter.form.label, en: name }
        : parameter.form.label;
    update(index, { name, form: { ...parameter.form, label } });
  };
  const nameCount = (name: string) =>
    parameters.filter((parameter) => parameter.name.trim() === name.trim()).length;

  return (
    <Stack
      gap="sm"
      component="fieldset"
      className={classes.fieldset}
      aria-describedby="dashboard-parameters-hint"
    >
      <Text component="legend" size="sm" fw={500}>
        {t('management.catalogue.parameters.legend')}
      </Text>
      <Text size="xs" c="dimmed" id="dashboard-parameters-hint">
        {t('management.catalogue.parameters.hint')}
      </Text>
      {parameters.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('management.catalogue.parameters.none')}
        </Text>
      )}
      {parameters.map((parameter, index) => {
        const label =
          parameter.name.trim() || t('management.catalogue.parameters.untitled', { number: index + 1 });
        const twice = parameter.name.trim() !== '' && nameCount(parameter.name) > 1;
        return (
          <ParameterFields
            key={parameter.key}
            name={parameter.name.trim() || String(index + 1)}
            index={index}
            form={parameter.form}
            onChange={(form) => update(index, { form })}
            check={check}
            optionsFromSql={parameter.form.optionsFrom === 'sql'}
            nameField={
              <TextInput
                label={t('management.catalogue.parameters.name')}
                description={t('management.catalogue.parameters.nameHint')}
                value={parameter.name}
                onChange={(event) => rename(index, event.currentTarget.value)}
                error={
                  twice
                    ? t('management.catalogue.parameters.nameTwice')
                    : check.error(`parameters.${index}.name`, t('management.catalogue.errors.parameterName'))
                }
                required
                maxLength={63}
                styles={monoInput}
                maw={380}
                style={{ flex: '1 1 15rem', minWidth: 0 }}
              />
            }
            actions={
              <ListEntryActions
                title={label}
                index={index}
                count={parameters.length}
                onMove={(direction) => onChange(moveInList(parameters, index, direction))}
                removeLabel={t('management.catalogue.parameters.remove', { name: label })}
                onRemove={() => onChange(parameters.filter((_, i) => i !== index))}
              />
            }
          />
        );
      })}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => onChange([...parameters, newDashboardParameter()])}
          disabled={parameters.length >= 10}
        >
          {t('management.catalogue.parameters.add')}
        </Button>
      </Group>
    </Stack>
  );
}
