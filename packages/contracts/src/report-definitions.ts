import { z } from 'zod';
import { catalogueNameSchema, localisedTextSchema } from './catalogue-names';
import { dateRangePresetSchema, isoDateSchema } from './report-dates';

// Report definitions (docs/decisions/027-reports-over-own-data.md): one SQL statement over one of the
// organisation's data sources, its typed parameters, its columns and its visuals. Parameters are written
// `{{name}}` in the SQL and ALWAYS bound, never spliced; `[[ … ]]` encloses a clause left out when its
// parameters are empty; `{{user.email}}` and `{{user.attributes.<key>}}` are bound by the server from
// the signed-in user (or a delivery's recipient) and cannot be set by a client.

export const definitionParameterTypes = [
  'date-range',
  'date',
  'number',
  'text',
  'choice',
  'multi-choice',
] as const;
export const definitionParameterTypeSchema = z.enum(definitionParameterTypes);
export type DefinitionParameterType = z.infer<typeof definitionParameterTypeSchema>;

/** A parameter or column name as written in `{{…}}`: letters, digits and `_`, starting with a letter. */
export const definitionIdentifierSchema = z
  .string()
  .regex(
    /^[A-Za-z][A-Za-z0-9_]{0,62}$/,
    'must be 1–63 letters, digits or underscores, starting with a letter',
  );

/** A date range: a preset resolved by the server against today, or a custom `from`–`to`. */
export const dateRangeValueSchema = z.union([
  z.object({ preset: dateRangePresetSchema }).strict(),
  z.object({ from: isoDateSchema, to: isoDateSchema }).strict(),
]);
export type DateRangeValue = z.infer<typeof dateRangeValueSchema>;

/** A parameter value as stored (defaults, tiles, subscriptions) and as sent by the client. */
export const parameterValueSchema = z.union([
  dateRangeValueSchema,
  z.string().max(1_000),
  z.number().finite(),
  z.array(z.string().max(1_000)).max(1_000),
  z.null(),
]);
export type ParameterValue = z.infer<typeof parameterValueSchema>;
export const parameterValuesSchema = z.record(definitionIdentifierSchema, parameterValueSchema);
export type ParameterValues = z.infer<typeof parameterValuesSchema>;

/** How a column's values are shown in the user's culture. */
export const columnFormats = [
  'text',
  'integer',
  'number',
  'currency',
  'percent',
  'date',
  'week',
  'month',
  'quarter',
] as const;
export const columnFormatSchema = z.enum(columnFormats);
export type ColumnFormat = z.infer<typeof columnFormatSchema>;

export const choiceOptionSchema = z
  .object({
    value: z.string().min(1).max(1_000),
    label: localisedTextSchema(200).optional(),
    /** How a column that follows this choice (`follows`) is shown while it is chosen, e.g. a grouping's period. */
    format: columnFormatSchema.optional(),
  })
  .strict();
export type ChoiceOption = z.infer<typeof choiceOptionSchema>;

export const definitionParameterSchema = z
  .object({
    name: definitionIdentifierSchema,
    type: definitionParameterTypeSchema,
    label: localisedTextSchema(200),
    required: z.boolean().default(false),
    default: parameterValueSchema.optional(),
    /** choice / multi-choice: a fixed list … */
    options: z.array(choiceOptionSchema).max(1_000).optional(),
    /** … or the values of the first column this SQL returns on the same source (no parameters). */
    optionsSql: z.string().min(1).max(20_000).optional(),
  })
  .strict()
  .superRefine((parameter, context) => {
    const isChoice = parameter.type === 'choice' || parameter.type === 'multi-choice';
    if (isChoice && !parameter.options && !parameter.optionsSql) {
      context.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'a choice needs options or optionsSql',
      });
    }
    if (!isChoice && (parameter.options || parameter.optionsSql)) {
      context.addIssue({ code: 'custom', path: ['options'], message: 'only a choice has options' });
    }
  });
export type DefinitionParameter = z.infer<typeof definitionParameterSchema>;

export const definitionColumnSchema = z
  .object({
    /** The column's name in the SQL result. */
    name: z.string().min(1).max(128),
    label: localisedTextSchema(200),
    format: columnFormatSchema.default('text'),
    /** number / currency / percent: digits after the decimal separator. */
    decimals: z.number().int().min(0).max(6).optional(),
    /**
     * A choice parameter whose chosen option gives this column its label and format (`option.format`):
     * a period column that follows the report's grouping (day → date, week, month, quarter).
     */
    follows: definitionIdentifierSchema.optional(),
    /**
     * Result columns that hold this column's values in German (`de`) and Austrian German (`deAt`): a
     * dimension's names in the reader's language. Every visual reads the column of the reader's language.
     */
    translations: z
      .object({ de: z.string().min(1).max(128).optional(), deAt: z.string().min(1).max(128).optional() })
      .strict()
      .optional(),
  })
  .strict();
export type DefinitionColumn = z.infer<typeof definitionColumnSchema>;

/** `combined`: bars and lines in one chart (`lines`); `pie` and `donut`: one slice per `x` of the first series. */
export const chartVisualKinds = ['line', 'bar', 'area', 'combined', 'pie', 'donut'] as const;
export type ChartVisualKind = (typeof chartVisualKinds)[number];

const visualIdSchema = definitionIdentifierSchema;

/**
 * How a KPI item folds the result's rows into one figure (decision 047). `first` (the default, what a
 * KPI always was) is the first row's value; `last` the last row's; the others over the non-empty values.
 */
export const kpiAggregates = ['first', 'last', 'sum', 'average', 'min', 'max', 'count'] as const;
export type KpiAggregate = (typeof kpiAggregates)[number];

export const kpiItemSchema = z
  .object({
    column: z.string().min(1).max(128),
    aggregate: z.enum(kpiAggregates).optional(),
    /** Compared with a second column, folded the same way … */
    compareTo: z.string().min(1).max(128).optional(),
    /** … or with the same column over the previous period of this date-range parameter (decision 047). */
    comparePreviousPeriod: definitionIdentifierSchema.optional(),
    /** A fall is good news (costs, returns): the change is shown green when it goes down. */
    lowerIsBetter: z.boolean().optional(),
  })
  .strict()
  .refine((item) => !(item.compareTo && item.comparePreviousPeriod), {
    path: ['comparePreviousPeriod'],
    message: 'compare with a column or with the previous period, not both',
  });
export type KpiItem = z.infer<typeof kpiItemSchema>;

/** KPI tiles: each a column folded over all rows (`aggregate`), optionally compared (decision 047). */
export const kpiVisualSchema = z
  .object({
    type: z.literal('kpi'),
    id: visualIdSchema,
    items: z.array(kpiItemSchema).min(1).max(12),
    /** Leaves out an item whose value is empty: e.g. "top store" when the report is grouped by region. */
    omitEmpty: z.boolean().optional(),
  })
  .strict();

/** A chart over all rows: the `x` column as categories, one series per column in `series`. */
export const chartVisualSchema = z
  .object({
    type: z.literal('chart'),
    id: visualIdSchema,
    kind: z.enum(chartVisualKinds),
    title: localisedTextSchema(200).optional(),
    x: z.string().min(1).max(128),
    series: z.array(z.string().min(1).max(128)).min(1).max(24),
    stacked: z.boolean().default(false),
    /**
     * A dimension column whose distinct values become the series (decision 047): the rows are pivoted
     * from long to wide, the one column of `series` holding the values. The largest few are kept, the
     * rest are summed into "Other".
     */
    splitBy: z.string().min(1).max(128).optional(),
    /** `combined`: the series (of `series`) drawn as lines; the others are bars. */
    lines: z.array(z.string().min(1).max(128)).max(24).optional(),
    /** Series (of `series`) drawn against a second value axis, e.g. units beside money. */
    secondAxis: z.array(z.string().min(1).max(128)).max(24).optional(),
    /**
     * `rows` (default): one category per row. `distinct`: one per distinct `x`, from its first row — a
     * chart of per-`x` figures (window sums) in a result of finer rows.
     */
    categories: z.enum(['rows', 'distinct']).optional(),
    /** `descending`: categories by their first series, largest first (else in row order). */
    order: z.enum(['rows', 'descending']).optional(),
    /** At most this many categories (after `order`): e.g. the ten best sellers of a longer table. */
    top: z.number().int().min(1).max(1_000).optional(),
  })
  .strict()
  .superRefine((chart, context) => {
    if (chart.splitBy !== undefined && chart.series.length !== 1) {
      context.addIssue({
        code: 'custom',
        path: ['series'],
        message: 'a chart split by a column has exactly one value column',
      });
    }
    if ((chart.kind === 'pie' || chart.kind === 'donut') && (chart.series.length !== 1 || chart.splitBy)) {
      context.addIssue({
        code: 'custom',
        path: ['series'],
        message: 'a pie has one value column and no split',
      });
    }
  });

/** The table of all rows (sortable, virtual-scrolled, CSV and XLSX download); `columns` absent: all. */
export const tableVisualSchema = z
  .object({
    type: z.literal('table'),
    id: visualIdSchema,
    columns: z.array(z.string().min(1).max(128)).min(1).max(200).optional(),
    /** Leaves out a column that is empty in every row: e.g. the store column when grouped by region. */
    omitEmpty: z.boolean().optional(),
  })
  .strict();

export const definitionVisualSchema = z.discriminatedUnion('type', [
  kpiVisualSchema,
  chartVisualSchema,
  tableVisualSchema,
]);
export type DefinitionVisual = z.infer<typeof definitionVisualSchema>;

export const definitionCacheDefaultSeconds = 300;

/** A report definition as the catalogue document carries it. */
export const reportDefinitionBodySchema = z
  .object({
    name: catalogueNameSchema,
    /** The data source it reads (by name, in the same organisation). */
    source: catalogueNameSchema,
    sql: z.string().trim().min(1).max(100_000),
    parameters: z.array(definitionParameterSchema).max(30).default([]),
    columns: z.array(definitionColumnSchema).max(200).default([]),
    visuals: z.array(definitionVisualSchema).max(20).default([]),
    /** How long a result is reused (0 = never). */
    cacheSeconds: z.number().int().min(0).max(86_400).default(definitionCacheDefaultSeconds),
  })
  .strict();
export type CatalogueReportDefinition = z.infer<typeof reportDefinitionBodySchema>;
export type CatalogueReportDefinitionInput = z.input<typeof reportDefinitionBodySchema>;

/** The names a definition's SQL may bind that come from the signed-in user, never from a client. */
export const userParameterPrefix = 'user.';
export const userEmailParameter = 'user.email';
export const userAttributesPrefix = 'user.attributes.';

// ---------------------------------------------------------------- user attributes

/** An attribute key as written in `{{user.attributes.<key>}}`. */
export const userAttributeKeySchema = definitionIdentifierSchema;
/** A user's attributes: each key with one or several values (e.g. `region: ['North']`). */
export const userAttributesSchema = z.record(
  userAttributeKeySchema,
  z.array(z.string().trim().min(1).max(200)).min(1).max(100),
);
export type UserAttributes = z.infer<typeof userAttributesSchema>;

// ---------------------------------------------------------------- what the report page and tiles get

/** A parameter as the report page shows it: its label in the UI language, its options and its value. */
export const parameterViewSchema = z.object({
  name: z.string(),
  type: definitionParameterTypeSchema,
  label: z.string(),
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).nullable(),
  value: parameterValueSchema,
});
export type ParameterView = z.infer<typeof parameterViewSchema>;

/** About a query report's result: when it was read, whether from the cache, whether it was cut. */
export const resultInfoSchema = z.object({
  /** When the data was read from the source (ISO time). */
  dataAsOf: z.string(),
  fromCache: z.boolean(),
  /** The source's row limit when the result was cut there, else null ("cut at N rows"). */
  cutAtRows: z.number().int().nullable(),
});
export type ResultInfo = z.infer<typeof resultInfoSchema>;
