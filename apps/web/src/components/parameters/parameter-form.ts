import type {
  ColumnFormat,
  DateRangePreset,
  DefinitionParameter,
  DefinitionParameterType,
  ParameterValue,
} from '@cockpit/contracts';
import type { LocalisedValues } from '../ui/localised-inputs';

// One typed parameter as its fields edit it (decision 027): a report definition's parameters and a
// dashboard's own parameters, which its tiles' parameters of the same name follow, are the same shape.

export type ParameterFormValues = {
  type: DefinitionParameterType;
  label: LocalisedValues;
  required: boolean;
  /** date-range: a preset or ''; date: YYYY-MM-DD; number/text/choice: the text; multi-choice: one per line. */
  defaultText: string;
  optionsFrom: 'list' | 'sql';
  /** One option per line: `value` or `value = label`. */
  optionsText: string;
  optionsSql: string;
  /** What the form does not edit, kept for the body: each listed option's format and full label by value. */
  keptOptions?: Record<string, { label?: { en: string; de?: string; deAt?: string }; format?: ColumnFormat }>;
};

// Static keys: checks/locale-keys.test.ts finds them and checks that every language has them.
export const parameterTypeLabelKeys: Record<DefinitionParameterType, string> = {
  'date-range': 'management.data.parameterType.date-range',
  date: 'management.data.parameterType.date',
  number: 'management.data.parameterType.number',
  text: 'management.data.parameterType.text',
  choice: 'management.data.parameterType.choice',
  'multi-choice': 'management.data.parameterType.multi-choice',
};

const noText: LocalisedValues = { en: '', de: '', deAt: '' };
export const localisedFormOf = (
  text: { en: string; de?: string; deAt?: string } | undefined,
): LocalisedValues => (text ? { en: text.en, de: text.de ?? '', deAt: text.deAt ?? '' } : { ...noText });
const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());
export const localisedBodyOf = (values: LocalisedValues) => ({
  en: values.en.trim(),
  de: optional(values.de),
  deAt: optional(values.deAt),
});

/** A fresh parameter of a type, labelled with its name in English. */
export function newParameterFormOf(name: string, type: DefinitionParameterType): ParameterFormValues {
  return {
    type,
    label: { ...noText, en: name },
    required: false,
    defaultText: '',
    optionsFrom: 'list',
    optionsText: '',
    optionsSql: '',
  };
}

function defaultTextOf(value: ParameterValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join('\n');
  if (typeof value === 'object') return 'preset' in value ? value.preset : `${value.from}..${value.to}`;
  return String(value);
}

/** The fields of a declared parameter. */
export function parameterFormOf(parameter: DefinitionParameter): ParameterFormValues {
  return {
    type: parameter.type,
    label: localisedFormOf(parameter.label),
    required: parameter.required,
    defaultText: defaultTextOf(parameter.default),
    optionsFrom: parameter.optionsSql ? 'sql' : 'list',
    optionsText: (parameter.options ?? [])
      .map((option) => (option.label ? `${option.value} = ${option.label.en}` : option.value))
      .join('\n'),
    optionsSql: parameter.optionsSql ?? '',
    keptOptions: Object.fromEntries(
      (parameter.options ?? []).map((option) => [
        option.value,
        {
          ...(option.label ? { label: option.label } : {}),
          ...(option.format ? { format: option.format } : {}),
        },
      ]),
    ),
  };
}

function defaultValueOf(form: ParameterFormValues): ParameterValue | undefined {
  const text = form.defaultText.trim();
  if (text === '') return undefined;
  switch (form.type) {
    case 'date-range': {
      const [from, to] = text.split('..');
      return from && to ? { from, to } : { preset: text as DateRangePreset };
    }
    case 'number':
      return Number(text.replace(',', '.'));
    case 'multi-choice':
      return text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    default:
      return text;
  }
}

function optionsOf(form: ParameterFormValues) {
  return form.optionsText
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [value = '', ...label] = line.split('=');
      const labelText = label.join('=').trim();
      const kept = form.keptOptions?.[value.trim()];
      // An unchanged English label keeps its German texts; a format (a column that follows the choice) stays.
      const keptLabel = kept?.label && kept.label.en === labelText ? kept.label : undefined;
      return {
        value: value.trim(),
        ...(labelText ? { label: keptLabel ?? { en: labelText } } : {}),
        ...(kept?.format ? { format: kept.format } : {}),
      };
    });
}

/** The declared parameter the fields describe, as the contracts' `definitionParameterSchema` takes it. */
export function parameterBodyOf(name: string, form: ParameterFormValues): DefinitionParameter {
  const isChoice = form.type === 'choice' || form.type === 'multi-choice';
  return {
    name,
    type: form.type,
    label: localisedBodyOf(form.label),
    required: form.required,
    default: defaultValueOf(form),
    // An empty list is left out, so that the check marks the choice's missing options.
    options:
      isChoice && form.optionsFrom === 'list' && optionsOf(form).length > 0 ? optionsOf(form) : undefined,
    optionsSql: isChoice && form.optionsFrom === 'sql' ? optional(form.optionsSql) : undefined,
  };
}
