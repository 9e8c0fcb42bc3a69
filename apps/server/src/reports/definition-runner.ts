import {
  type AppliedRowRule,
  type CatalogueReportDefinition,
  type DefinitionParameter,
  type ParameterValues,
  type ParameterView,
  type QueryPurpose,
  type ReportData,
  type ResultInfo,
  type UiLanguageName,
  type UserAttributes,
  catalogueTextIn,
  dateRangeValueSchema,
  parameterValuesSchema,
  rangeLengthDays,
  reportDefinitionBodySchema,
} from '@cockpit/contracts';
import { badRequest } from '../lib/http-error';
import { addDays, utcToday } from './calendar';
import { type VisualOptions, visualiseResult, withChosenColumns } from './definition-visuals';
import type { ResultColumn } from './executor/result-values';
import { optionValues, optionsDefinition, optionsRowLimit } from './executor/steps/choice-options';
import { presetRange } from './preset-range';

// Runs a report definition for a reader (decision 027): the one path from a catalogue definition to what
// the report page, a tile, a preview or a delivery shows. It resolves the definition's data source, the
// reader's user attributes (bound by the server only) and the choices of its parameters, then asks THE
// executor (reports/executor) for the rows and builds the visuals.

/** The source a definition reads, as the executor connects to it (password opened for this run only). */
export interface RunnableSource {
  id: string;
  organisationId: string;
  name: string;
  kind: 'postgres' | 'mysql' | 'uploads';
  version: number;
  connection: unknown;
  password: string | null;
}

/** A definition as the executor runs it. */
export interface RunnableDefinition {
  name: string;
  version: number;
  sql: string;
  parameters: readonly DefinitionParameter[];
  cacheSeconds: number;
}

export interface RunRequestOf<Source> {
  source: Source;
  definition: RunnableDefinition;
  values: ParameterValues;
  today: string;
  user: { id: string; email: string; attributes: UserAttributes; administrator?: boolean };
  purpose: QueryPurpose;
  target?: string;
  rowLimit?: number;
  /** Skip a cached result for this one run (the page's refresh button). */
  refresh?: boolean;
}

export interface RunResult {
  columns: ResultColumn[];
  rows: unknown[][];
  cutAtRows: number | null;
  dataAsOf: Date;
  fromCache: boolean;
  /** The row rules the run applied (decision 044). */
  rowRules?: AppliedRowRule[];
}

/** What the runner needs of the executor and of the data sources (wired in app.ts). */
/** A result read while it is sent (a download): columns first, then batches of rows; see executor.ts. */
export interface RunStream {
  columns: { name: string; kind: string; type: string }[];
  rows: AsyncIterable<unknown[][]>;
  /** After the rows were read: the source's row limit when the result was cut there, else null. */
  cutAtRows(): number | null;
  close(): Promise<void>;
}

/**
 * Told of every reader's run of a stored definition (not a preview): `failure` null when it ran, else what
 * it failed with. The owners of a broken definition are told once this way (decision 046; composed in app.ts).
 */
export type RunSettled = (run: { organisationId: string; definitionName: string }, failure: unknown) => void;

export interface DefinitionRunnerDeps<Source extends RunnableSource> {
  run(request: RunRequestOf<Source>): Promise<RunResult>;
  settled?: RunSettled;
  /** The executor's `stream` (downloads); absent where nothing streams. */
  stream?(request: RunRequestOf<Source>): Promise<RunStream>;
  /** The organisation's data source by id, its password opened; null when there is none. */
  loadSource(organisationId: string, sourceId: string): Promise<Source | null>;
  userAttributes(userId: string): Promise<UserAttributes>;
  /** Whether the reader is an organisation administrator (row rules they bypass, decision 044); default: no. */
  isAdministrator?(userId: string): Promise<boolean>;
}

/** A stored definition: its row's name, version, source and body. */
export interface StoredDefinition {
  name: string;
  version: number;
  dataSourceId: string;
  body: unknown;
}

export interface Reader {
  id: string;
  organisationId: string;
  email: string;
}

export interface DefinitionRunInput {
  reader: Reader;
  stored: StoredDefinition;
  values: ParameterValues;
  language: UiLanguageName;
  purpose: QueryPurpose;
  target?: string;
  visuals?: VisualOptions['visualIds'];
  tableRows?: number;
  rowLimit?: number;
  /** Parameters shown above the report: their choices are read too (a tile needs none). */
  withParameters?: boolean;
  /** Skip a cached result for this one run (the page's refresh button). */
  refresh?: boolean;
}

export interface DefinitionRunOutput {
  /** The result's columns as the source named and typed them (the editor's preview lists them). */
  columns: ResultColumn[];
  /** The result's rows in column order (the editor's preview draws its visuals again from them). */
  rows: unknown[][];
  parameters: ParameterView[];
  data: ReportData;
  info: ResultInfo;
  /** The row rules the run applied (decision 044): "Preview as" shows them. */
  rowRules: AppliedRowRule[];
  /** The previous periods' results KPIs were compared with (decision 047): the editor's preview draws them. */
  previousPeriods: Record<string, RunResult>;
}

/**
 * The date-range parameters whose previous period a shown KPI compares with (decision 047): each names
 * a `date-range` parameter of the definition (any other name has no previous period to run).
 */
function previousPeriodParameters(
  definition: CatalogueReportDefinition,
  visualIds: readonly string[] | undefined,
): string[] {
  const names = new Set<string>();
  for (const visual of definition.visuals) {
    if (visual.type !== 'kpi' || (visualIds && !visualIds.includes(visual.id))) continue;
    for (const item of visual.items) if (item.comparePreviousPeriod) names.add(item.comparePreviousPeriod);
  }
  return [...names].filter((name) =>
    definition.parameters.some((parameter) => parameter.name === name && parameter.type === 'date-range'),
  );
}

/**
 * The period before a date range, as long as it (decision 047): a preset is resolved against `today`
 * first; `all` and an empty value have none.
 */
export function previousPeriodOf(value: unknown, today: string): { from: string; to: string } | null {
  const parsed = dateRangeValueSchema.safeParse(value);
  if (!parsed.success) return null;
  if ('preset' in parsed.data && parsed.data.preset === 'all') return null;
  const range = 'preset' in parsed.data ? presetRange(parsed.data.preset, today, null) : parsed.data;
  const days = rangeLengthDays(range.from, range.to);
  if (!(days > 0)) return null;
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** A stored definition that no longer parses, or whose source is gone: the page says "not available". */
export class DefinitionUnusable extends Error {}

/** `?values=<JSON>`: the reader's parameter values; anything but a JSON object of values is a 400. */
export function valuesFromQuery(text: string | undefined): ParameterValues {
  if (text === undefined) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest("Invalid query parameter 'values': must be JSON");
  }
  const parsed = parameterValuesSchema.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw badRequest(
      `Invalid query parameter 'values' at ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`,
    );
  }
  return parsed.data;
}

export function parseStoredDefinition(stored: StoredDefinition): CatalogueReportDefinition {
  // The name and source are the row's own; the body was checked when written (catalogue-store.ts).
  const parsed = reportDefinitionBodySchema.safeParse({
    ...(stored.body as object),
    name: stored.name,
    source: 'stored',
  });
  if (!parsed.success) throw new DefinitionUnusable(`definition ${stored.name}: ${parsed.error.message}`);
  return parsed.data;
}

export function createDefinitionRunner<Source extends RunnableSource>(deps: DefinitionRunnerDeps<Source>) {
  const runnable = (stored: StoredDefinition, definition: CatalogueReportDefinition): RunnableDefinition => ({
    name: stored.name,
    version: stored.version,
    sql: definition.sql,
    parameters: definition.parameters,
    cacheSeconds: definition.cacheSeconds,
  });

  async function contextOf(reader: Reader, stored: StoredDefinition) {
    // Both read at once: one database round trip less before the report's own query.
    const [source, attributes, administrator] = await Promise.all([
      deps.loadSource(reader.organisationId, stored.dataSourceId),
      deps.userAttributes(reader.id),
      deps.isAdministrator ? deps.isAdministrator(reader.id) : false,
    ]);
    if (!source) throw new DefinitionUnusable(`definition ${stored.name}: its data source is gone`);
    return { source, user: { id: reader.id, email: reader.email, attributes, administrator } };
  }

  /** What `run` and `stream` both ask of the executor: the stored definition, for this reader, with these values. */
  const requestOf = (
    input: Pick<DefinitionRunInput, 'stored' | 'values' | 'purpose' | 'target'>,
    definition: CatalogueReportDefinition,
    context: Awaited<ReturnType<typeof contextOf>>,
  ) => ({
    ...context,
    definition: runnable(input.stored, definition),
    values: input.values,
    today: utcToday(),
    purpose: input.purpose,
    ...(input.target ? { target: input.target } : {}),
  });

  /** The options of a choice parameter: its fixed list, or the first column of its `optionsSql`. */
  async function optionsOf(
    parameter: DefinitionParameter,
    stored: StoredDefinition,
    context: Awaited<ReturnType<typeof contextOf>>,
    language: UiLanguageName,
  ): Promise<ParameterView['options']> {
    if (parameter.options) {
      return parameter.options.map((option) => ({
        value: option.value,
        label: (option.label && catalogueTextIn(option.label, language)) ?? option.value,
      }));
    }
    if (!parameter.optionsSql) return null;
    // The same definition the executor's guard checks a chosen value against (decision 038): one cache entry.
    const result = await deps.run({
      ...context,
      definition: optionsDefinition(stored, parameter),
      values: {},
      today: utcToday(),
      purpose: 'choices',
      target: stored.name,
      rowLimit: optionsRowLimit,
    });
    return optionValues(result.rows as never).map((text) => ({ value: text, label: text }));
  }

  /** The run itself; `run` tells `settled` how it ended. */
  async function runFor(input: DefinitionRunInput): Promise<DefinitionRunOutput> {
    const definition = parseStoredDefinition(input.stored);
    const context = await contextOf(input.reader, input.stored);
    const result = await deps.run({
      ...requestOf(input, definition, context),
      ...(input.rowLimit ? { rowLimit: input.rowLimit } : {}),
      ...(input.refresh ? { refresh: true } : {}),
    });
    // A KPI compared with the previous period: the same run (reader, row rules, cache) with the range
    // shifted back by its own length (decision 047).
    const previousPeriods: Record<string, RunResult> = {};
    for (const name of previousPeriodParameters(definition, input.visuals)) {
      const parameter = definition.parameters.find((candidate) => candidate.name === name);
      const value = Object.hasOwn(input.values, name) ? input.values[name] : parameter?.default;
      const previous = previousPeriodOf(value, utcToday());
      if (!previous) continue;
      previousPeriods[name] = await deps.run({
        ...requestOf({ ...input, values: { ...input.values, [name]: previous } }, definition, context),
        ...(input.rowLimit ? { rowLimit: input.rowLimit } : {}),
        ...(input.refresh ? { refresh: true } : {}),
      });
    }
    const data = await visualiseResult(definition, result, {
      language: input.language,
      values: input.values,
      previousPeriods,
      ...(input.visuals ? { visualIds: input.visuals } : {}),
      ...(input.tableRows !== undefined ? { tableRows: input.tableRows } : {}),
    });
    const parameters = input.withParameters
      ? await Promise.all(
          definition.parameters.map(async (parameter) => ({
            name: parameter.name,
            type: parameter.type,
            label: catalogueTextIn(parameter.label, input.language),
            required: parameter.required,
            options: await optionsOf(parameter, input.stored, context, input.language),
            value: Object.hasOwn(input.values, parameter.name)
              ? (input.values[parameter.name] ?? null)
              : (parameter.default ?? null),
          })),
        )
      : [];
    return {
      columns: result.columns,
      rows: result.rows,
      parameters,
      data,
      info: {
        dataAsOf: result.dataAsOf.toISOString(),
        fromCache: result.fromCache,
        cutAtRows: result.cutAtRows,
      },
      rowRules: result.rowRules ?? [],
      previousPeriods,
    };
  }

  return {
    /**
     * The definition's whole result as a stream for the reader (a download): the same source, user
     * attributes and values as `run`, never cached; the definition comes along for its column labels.
     */
    async stream(
      input: Pick<DefinitionRunInput, 'reader' | 'stored' | 'values' | 'purpose' | 'target'>,
    ): Promise<{ definition: CatalogueReportDefinition; result: RunStream }> {
      if (!deps.stream) throw new Error('the definition runner was built without a stream');
      const definition = parseStoredDefinition(input.stored);
      const context = await contextOf(input.reader, input.stored);
      const result = await deps.stream(requestOf(input, definition, context));
      return { definition: withChosenColumns(definition, input.values), result };
    },

    async run(input: DefinitionRunInput): Promise<DefinitionRunOutput> {
      const settled =
        deps.settled && input.purpose !== 'preview'
          ? deps.settled.bind(null, {
              organisationId: input.reader.organisationId,
              definitionName: input.stored.name,
            })
          : undefined;
      try {
        const output = await runFor(input);
        settled?.(null);
        return output;
      } catch (error) {
        settled?.(error);
        throw error;
      }
    },
  };
}
export type DefinitionRunner = ReturnType<typeof createDefinitionRunner>;
