import { useState, type FormEvent } from 'react';
import { Button, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  automaticCulture,
  effectiveCulture,
  type ParameterValue,
  type ParameterView,
} from '@cockpit/contracts';
import { formatCultureNumber, parseCultureNumber } from '../../lib/number-text';
import { CultureDateField } from '../ui/culture-date-field';
import { DateRangeField } from './date-range-field';

export type ParameterBarProps = {
  /** The parameters with the values the shown data was computed for (from the server's answer). */
  parameters: ParameterView[];
  onChange: (name: string, value: ParameterValue) => void;
  /**
   * The culture numbers are typed in: the page's formatter's. Without one, the UI language's (decision 030:
   * formats follow the language).
   */
  culture?: string;
};

type ControlProps = { parameter: ParameterView; onChange: ParameterBarProps['onChange']; culture: string };

/**
 * A query report's or a dashboard's parameters as controls above it (decision 027): a date range (presets and a
 * custom range), a date, a number, a text, a choice (select) and several choices (multi-select), each labelled
 * in the UI language as the server answered, required ones marked. A choice applies at once; several choices
 * on Apply or when their list closes, so that picking three runs the query once (decision 046); a typed value
 * when the field is left or Enter is pressed — a number as the culture writes it, anything else refused.
 */
export function ParameterBar({ parameters, onChange, culture: chosenCulture }: ParameterBarProps) {
  const { i18n } = useTranslation();
  const culture = chosenCulture ?? effectiveCulture(automaticCulture, i18n.language);
  const ranges = parameters.filter((parameter) => parameter.type === 'date-range');
  const others = parameters.filter((parameter) => parameter.type !== 'date-range');
  return (
    <Stack gap="md" data-testid="report-parameters">
      {ranges.map((parameter) => {
        const value = parameter.value;
        const preset = value && typeof value === 'object' && 'preset' in value ? value.preset : null;
        const custom = value && typeof value === 'object' && 'from' in value ? value : null;
        return (
          <DateRangeField
            key={parameter.name}
            label={parameter.label}
            required={parameter.required}
            preset={custom ? null : (preset ?? null)}
            from={custom?.from ?? ''}
            to={custom?.to ?? ''}
            onChange={(choice) => onChange(parameter.name, choice)}
          />
        );
      })}
      {others.length > 0 && (
        <Group gap="md" align="flex-start" wrap="wrap">
          {others.map((parameter) => (
            <ParameterControl
              key={parameter.name}
              parameter={parameter}
              onChange={onChange}
              culture={culture}
            />
          ))}
        </Group>
      )}
    </Stack>
  );
}

function ParameterControl({ parameter, onChange, culture }: ControlProps) {
  const { name, label, required, value } = parameter;
  const options = (parameter.options ?? []).map((option) => ({ value: option.value, label: option.label }));
  if (parameter.type === 'choice') {
    return (
      <Select
        size="sm"
        w={240}
        label={label}
        required={required}
        data={options}
        value={typeof value === 'string' ? value : null}
        clearable={!required}
        searchable={options.length > 8}
        onChange={(next) => onChange(name, next)}
      />
    );
  }
  if (parameter.type === 'multi-choice')
    return <MultiChoiceControl parameter={parameter} onChange={onChange} culture={culture} />;
  return <TypedControl parameter={parameter} onChange={onChange} culture={culture} />;
}

const sameChoices = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((choice) => b.includes(choice));

/**
 * Several choices: picked in a list that stays open, applied once — with Apply, or when the list closes
 * with changes — never after each pick (each would run the query).
 */
function MultiChoiceControl({ parameter, onChange }: ControlProps) {
  const { t } = useTranslation();
  const { name, label, required, value } = parameter;
  const options = (parameter.options ?? []).map((option) => ({ value: option.value, label: option.label }));
  const shown = Array.isArray(value) ? value : [];
  const [picked, setPicked] = useState<string[]>(shown);
  // What was last applied: closing the list and then pressing Apply applies once.
  const [applied, setApplied] = useState<readonly string[]>(shown);
  const changed = !sameChoices(picked, applied);

  function apply() {
    if (!changed) return;
    setApplied(picked);
    onChange(name, picked);
  }

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <MultiSelect
        size="sm"
        miw={240}
        maw={480}
        label={label}
        required={required}
        data={options}
        value={picked}
        clearable
        searchable={options.length > 8}
        onChange={setPicked}
        onDropdownClose={apply}
      />
      <Button
        size="sm"
        variant={changed ? 'filled' : 'default'}
        disabled={!changed}
        onClick={apply}
        aria-label={t('reports.parameters.applyLabel', { label })}
      >
        {t('reports.parameters.apply')}
      </Button>
    </Group>
  );
}

/**
 * A date (picked), a number or a text: applied when left or on Enter, an empty field as "no value". A number is
 * read as the culture writes it (`1.500,50` in German); text that is none stays in the field with an
 * error under it and is not applied.
 */
function TypedControl({ parameter, onChange, culture }: ControlProps) {
  const { t } = useTranslation();
  const { name, label, required, type, value } = parameter;
  const shown =
    typeof value === 'number' ? formatCultureNumber(value, culture) : typeof value === 'string' ? value : '';
  const [text, setText] = useState(shown);
  const [invalid, setInvalid] = useState(false);

  function apply(event?: FormEvent) {
    event?.preventDefault();
    if (text === shown) return setInvalid(false);
    if (text.trim() === '') return onChange(name, null);
    if (type === 'number') {
      const number = parseCultureNumber(text, culture);
      setInvalid(number === null);
      if (number !== null) onChange(name, number);
      return;
    }
    onChange(name, text);
  }

  // A date is picked from a calendar in the UI's culture (decision 030) and applied when picked.
  if (type === 'date')
    return (
      <CultureDateField
        label={label}
        required={required}
        value={shown}
        onChange={(picked) => onChange(name, picked === '' ? null : picked)}
        maw={180}
      />
    );

  return (
    <form onSubmit={apply} noValidate>
      <TextInput
        size="sm"
        w={type === 'text' ? 240 : 180}
        label={label}
        required={required}
        inputMode={type === 'number' ? 'decimal' : undefined}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setInvalid(false);
        }}
        onBlur={() => apply()}
        error={
          invalid
            ? t('reports.parameters.numberInvalid', { example: formatCultureNumber(1500.5, culture) })
            : undefined
        }
      />
    </form>
  );
}
