import {
  definitionCacheDefaultSeconds,
  detectParameters,
  reportDefinitionBodySchema,
  type CatalogueReportDefinition,
  type CatalogueReportDefinitionInput,
  type ColumnFormat,
  type DefinitionColumn,
  type DefinitionVisual,
} from '@cockpit/contracts';
import type { IssueSource } from '../../../lib/form-check';
import {
  localisedBodyOf,
  localisedFormOf,
  newParameterFormOf,
  parameterBodyOf,
  parameterFormOf,
  type ParameterFormValues,
} from '../../../components/parameters/parameter-form';
import type { LocalisedValues } from '../../../components/ui/localised-inputs';
import { isWrittenAsRange } from './sql-parameters';

// The report definition editor's state (decision 027) and the body it sends. Parameters are edited per
// name (components/parameters/parameter-form.ts); the ones the SQL refers to are sent, in the order the
// SQL names them.

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

export function emptyDefinitionForm(source: string | null = null): DefinitionFormValues {
  return {
    name: '',
    source,
    sql: '',
    parameters: {},
    columns: [],
    visuals: [],
    cacheSeconds: definitionCacheDefaultSeconds,
  };
}

/** A parameter the SQL names but the form has not seen yet: a range when written `.from`/`.to`. */
export function newParameterForm(name: string, sql: string): ParameterFormValues {
  return newParameterFormOf(name, isWrittenAsRange(sql, name) ? 'date-range' : 'text');
}

export function definitionFormOf(definition: CatalogueReportDefinition): DefinitionFormValues {
  const parameters: Record<string, ParameterFormValues> = {};
  for (const parameter of definition.parameters) parameters[parameter.name] = parameterFormOf(parameter);
  return {
    name: definition.name,
    source: definition.source,
    sql: definition.sql,
    parameters,
    columns: definition.columns.map((column) => ({
      name: column.name,
      label: localisedFormOf(column.label),
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

/** The body the server takes (and the preview runs). */
export function definitionBodyOf(values: DefinitionFormValues): CatalogueReportDefinitionInput {
  return {
    name: values.name.trim(),
    source: values.source ?? '',
    sql: values.sql,
    parameters: parametersInSql(values).map(({ name, form }) => parameterBodyOf(name, form)),
    columns: values.columns.map((column) => ({
      name: column.name.trim(),
      label: localisedBodyOf(column.label),
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
  safeParse: (value: unknown) =>
    reportDefinitionBodySchema.safeParse(definitionBodyOf(value as DefinitionFormValues)),
};
