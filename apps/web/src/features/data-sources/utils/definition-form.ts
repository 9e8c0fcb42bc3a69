import {
  definitionCacheDefaultSeconds,
  reportDefinitionBodySchema,
  type CatalogueReportDefinition,
  type CatalogueReportDefinitionInput,
  type ColumnFormat,
  type DateRangePreset,
  type DefinitionColumn,
  type DefinitionParameterType,
  type DefinitionVisual,
  type ParameterValue,
} from '@cockpit/contracts';
import type { IssueSource } from '../../../lib/form-check';
import type { LocalisedValues } from './data-source-form';
import { detectParameters, isWrittenAsRange } from './sql-parameters';

// The report definition editor's state (decision 027) and the body it sends. Parameters are edited per
// name; the ones the SQL refers to are sent, in the order the SQL names them.

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

export type ColumnFormValues = {
  name: string;
  label: LocalisedValues;
  format: ColumnFormat;
  decimals: number | '';
  /** What the form does not edit (a column that follows a choice, its translations), kept for the body. */
  kept?: Pick<DefinitionColumn, 'follows' | 'translations'>;
};

export type DefinitionFormValues = {
  name: string;
  source: string | null;
  sql: string;
  /** Declared parameters by name, kept while the SQL is edited so that a removed-and-retyped one keeps its form. */
  parameters: Record<string, ParameterFormValues>;
  columns: ColumnFormValues[];
  visuals: DefinitionVisual[];
  cacheSeconds: number | '';
};

const noText: LocalisedValues = { en: '', de: '', deAt: '' };
const localised = (text: { en: string; de?: string; deAt?: string } | undefined): LocalisedValues =>
  text ? { en: text.en, de: text.de ?? '', deAt: text.deAt ?? '' } : { ...noText };
const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());
const localisedBody = (values: LocalisedValues) => ({
  en: values.en.trim(),
  de: optional(values.de),
  deAt: optional(values.deAt),
});

export function emptyDefinitionForm(source: string | null = null): DefinitionFormValues {
  return { name: '', source, sql: '', parameters: {}, columns: [], visuals: [], cacheSeconds: definitionCacheDefaultSeconds };
}

/** A parameter the SQL names but the form has not seen yet: a range when written `.from`/`.to`. */
export function newParameterForm(name: string, sql: string): ParameterFormValues {
  return {
    type: isWrittenAsRange(sql, name) ? 'date-range' : 'text',
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

export function definitionFormOf(definition: CatalogueReportDefinition): DefinitionFormValues {
  const parameters: Record<string, ParameterFormValues> = {};
  for (const parameter of definition.parameters) {
    parameters[parameter.name] = {
      type: parameter.type,
      label: localised(parameter.label),
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
          { ...(option.label ? { label: option.label } : {}), ...(option.format ? { format: option.format } : {}) },
        ]),
      ),
    };
  }
  return {
    name: definition.name,
    source: definition.source,
    sql: definition.sql,
    parameters,
    columns: definition.columns.map((column) => ({
      name: column.name,
      label: localised(column.label),
      format: column.format,
      decimals: column.decimals ?? '',
      kept: {
        ...(column.follows ? { follows: column.follows } : {}),
        ...(column.translations ? { translations: column.translations } : {}),
      },
    })),
    visuals: definition.visuals,
    cacheSeconds: definition.cacheSeconds,
  };
}

/** The form of each parameter the SQL names, in order (a new one gets a fresh form). */
export function parametersInSql(values: DefinitionFormValues): { name: string; form: ParameterFormValues }[] {
  return detectParameters(values.sql).map((name) => ({
    name,
    form: values.parameters[name] ?? newParameterForm(name, values.sql),
  }));
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
      return text.split('\n').map((line) => line.trim()).filter(Boolean);
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

/** The body the server takes (and the preview runs). */
export function definitionBodyOf(values: DefinitionFormValues): CatalogueReportDefinitionInput {
  return {
    name: values.name.trim(),
    source: values.source ?? '',
    sql: values.sql,
    parameters: parametersInSql(values).map(({ name, form }) => {
      const isChoice = form.type === 'choice' || form.type === 'multi-choice';
      return {
        name,
        type: form.type,
        label: localisedBody(form.label),
        required: form.required,
        default: defaultValueOf(form),
        // An empty list is left out, so that the check marks the choice's missing options.
        options: isChoice && form.optionsFrom === 'list' && optionsOf(form).length > 0 ? optionsOf(form) : undefined,
        optionsSql: isChoice && form.optionsFrom === 'sql' ? optional(form.optionsSql) : undefined,
      };
    }),
    columns: values.columns.map((column) => ({
      name: column.name.trim(),
      label: localisedBody(column.label),
      format: column.format,
      decimals: column.decimals === '' ? undefined : column.decimals,
      ...column.kept,
    })),
    visuals: values.visuals,
    cacheSeconds: values.cacheSeconds === '' ? Number.NaN : values.cacheSeconds,
  };
}

/** The editor's check: the contracts schema of the body, on what the form would send. */
export const definitionFormCheck: IssueSource = {
  safeParse: (value: unknown) => reportDefinitionBodySchema.safeParse(definitionBodyOf(value as DefinitionFormValues)),
};
