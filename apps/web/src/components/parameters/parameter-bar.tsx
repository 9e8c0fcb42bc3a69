import { useState, type FormEvent } from 'react';
import { Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import type { ParameterValue, ParameterView } from '@cockpit/contracts';
import { DateRangeField } from './date-range-field';

export type ParameterBarProps = {
  /** The parameters with the values the shown data was computed for (from the server's answer). */
  parameters: ParameterView[];
  onChange: (name: string, value: ParameterValue) => void;
};

/**
 * A query report's or a dashboard's parameters as controls above it (decision 027): a date range (presets and a
 * custom range), a date, a number, a text, a choice (select) and several choices (multi-select), each labelled
 * in the UI language as the server answered, required ones marked. A choice applies at once; a typed
 * value when the field is left or Enter is pressed.
 */
export function ParameterBar({ parameters, onChange }: ParameterBarProps) {
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
            <ParameterControl key={parameter.name} parameter={parameter} onChange={onChange} />
          ))}
        </Group>
      )}
    </Stack>
  );
}

function ParameterControl({ parameter, onChange }: { parameter: ParameterView; onChange: ParameterBarProps['onChange'] }) {
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
  if (parameter.type === 'multi-choice') {
    return (
      <MultiSelect
        size="sm"
        miw={240}
        maw={480}
        label={label}
        required={required}
        data={options}
        value={Array.isArray(value) ? value : []}
        clearable
        searchable={options.length > 8}
        onChange={(next) => onChange(name, next)}
      />
    );
  }
  return <TypedControl parameter={parameter} onChange={onChange} />;
}

/** A date, a number or a text: applied when left or on Enter, an empty field as "no value". */
function TypedControl({ parameter, onChange }: { parameter: ParameterView; onChange: ParameterBarProps['onChange'] }) {
  const { name, label, required, type, value } = parameter;
  const shown = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  const [text, setText] = useState(shown);

  function apply(event?: FormEvent) {
    event?.preventDefault();
    if (text === shown) return;
    if (text.trim() === '') return onChange(name, null);
    if (type === 'number') {
      const number = Number(text.replace(',', '.'));
      if (Number.isFinite(number)) onChange(name, number);
      return;
    }
    onChange(name, text);
  }

  return (
    <form onSubmit={apply} noValidate>
      <TextInput
        size="sm"
        w={type === 'text' ? 240 : 180}
        label={label}
        required={required}
        type={type === 'date' ? 'date' : 'text'}
        inputMode={type === 'number' ? 'decimal' : undefined}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={() => apply()}
      />
    </form>
  );
}
