import {
  type DefinitionParameter,
  type ParameterValue,
  choiceNotOfferedMessage,
  errorCodes,
} from '@cockpit/contracts';
import { HttpError } from '../../../lib/http-error';
import type { RunDefinition } from '../executor-types';
import type { ResultRow } from '../result-values';

// Choices from a query (`optionsSql`) are enforced like a fixed list (docs/decisions/038-one-run-path.md,
// "Choices"): a chosen value must be one of the options the statement answers for THIS reader — run as
// the reader, with their attributes — or the run is a 400 naming the parameter and the value. The report
// page's option list and this check run the same definition, so they share one cached result.

/** Rows an option list reads at most (the page lists no more). */
export const optionsRowLimit = 1_000;
/** Options stay cached this long (the executor's result cache, keyed by the reader's values used). */
export const optionsCacheSeconds = 300;

/** The option list of `parameter` as a definition of its own: the same name everywhere, so one cache entry. */
export function optionsDefinition(
  definition: Pick<RunDefinition, 'name' | 'version'>,
  parameter: DefinitionParameter,
): RunDefinition {
  return {
    name: `${definition.name}.${parameter.name}`,
    version: definition.version,
    sql: parameter.optionsSql ?? '',
    parameters: [],
    cacheSeconds: optionsCacheSeconds,
  };
}

/** An option's value as text: a day as its date, a scalar as written, anything else (json) as JSON. */
export function optionText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}

/** The options of a result: its first column, empty cells left out. */
export function optionValues(rows: readonly ResultRow[]): string[] {
  return rows.flatMap((row) => {
    const text = optionText(row[0]);
    return text === null ? [] : [text];
  });
}

/** The values chosen for a choice from a query (none: nothing to check). */
export function chosenValues(parameter: DefinitionParameter, value: ParameterValue | undefined): string[] {
  if (!parameter.optionsSql || (parameter.type !== 'choice' && parameter.type !== 'multi-choice')) return [];
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (Array.isArray(value))
    return value.filter((item): item is string => typeof item === 'string' && item !== '');
  return [];
}

/** 400 when a chosen value is not among the reader's options. */
export function checkChosen(
  parameter: DefinitionParameter,
  chosen: readonly string[],
  options: readonly string[],
): void {
  const allowed = new Set(options);
  const outside = chosen.find((value) => !allowed.has(value));
  if (outside !== undefined) throw choiceOutsideOptions(parameter.name, outside);
}

export const choiceOutsideOptions = (name: string, value: string) =>
  new HttpError(400, errorCodes.choiceNotOffered, choiceNotOfferedMessage(name, value));
