import type { UiLanguageName } from './languages';
import { catalogueTextIn } from './localized-text';
import { translations } from './locales';
import type {
  CatalogueReportDefinition,
  ChoiceOption,
  DefinitionColumn,
  DefinitionVisual,
  KpiAggregate,
  ParameterValues,
} from './report-definitions';
import type {
  ChartKind,
  ReportCell,
  ReportChart,
  ReportColumn,
  ReportData,
  ReportKpi,
  ReportSeries,
  ValueFormat,
} from './reports';

// A query report's result as the report page and the tiles show it (decision 027): every visual of a
// definition reads the same rows. KPIs fold all rows into one figure (the first row's value unless they
// choose a sum, an average… — decision 047); charts and the table take all rows. The
// answer has the shape the built-in reports have always had, so the same components draw it. One
// function for the server's runs and the definition editor's preview, which draws the visuals again from
// the preview's rows while the author changes them (decision 045).

/** A result as the executor returns it: columns as the source named them, rows in column order. */
export interface VisualInput {
  columns: readonly { name: string; type: string }[];
  rows: readonly (readonly unknown[])[];
  /** The source's row limit when the result was cut there. */
  cutAtRows: number | null;
}

export class VisualMisfit extends Error {}

const numericFormats = new Set<ValueFormat>(['integer', 'number', 'currency', 'percent']);

/** Source type names that hold numbers (PostgreSQL and MySQL spellings). */
const numericType =
  /^(int|integer|bigint|smallint|tinyint|mediumint|numeric|decimal|real|double|float|money|int2|int4|int8|float4|float8|newdecimal|long|longlong|short|tiny|int24)/i;

/**
 * Whole-number type names of both databases (as the executor names a result's columns): an undeclared
 * column of one shows as a whole number, and the editor proposes the "integer" format for it.
 */
export const integerSourceTypes: ReadonlySet<string> = new Set([
  'bigint',
  'smallint',
  'integer',
  'int',
  'tinyint',
  'mediumint',
  'year',
  'oid',
]);

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A value from a driver as a cell: numbers stay numbers, dates become `YYYY-MM-DD` (or ISO time). */
export function cellOf(value: unknown, format: ValueFormat): ReportCell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    const midnight = value.getUTCHours() === 0 && value.getUTCMinutes() === 0 && value.getUTCSeconds() === 0;
    return format === 'date' || format === 'month' || midnight ? isoDay(value) : value.toISOString();
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') {
    if (numericFormats.has(format)) {
      const number = Number(value);
      return value.trim() !== '' && Number.isFinite(number) ? number : value;
    }
    return value;
  }
  return JSON.stringify(value);
}

function numberOf(value: unknown): number | null {
  const cell = cellOf(value, 'number');
  return typeof cell === 'number' ? cell : null;
}

/** The chosen option of a choice parameter (the run's value, else the parameter's default). */
export type ChosenOption = (parameter: string) => ChoiceOption | undefined;

/** The chosen options of `definition`'s choice parameters for a run with `values`. */
export function chosenOptions(
  definition: Pick<CatalogueReportDefinition, 'parameters'>,
  values: ParameterValues,
): ChosenOption {
  return (name) => {
    const parameter = definition.parameters.find((candidate) => candidate.name === name);
    if (!parameter?.options) return undefined;
    const value = Object.hasOwn(values, name) ? values[name] : parameter.default;
    return parameter.options.find((option) => option.value === value);
  };
}

/**
 * The definition's columns as a run with `values` shows them: a column that follows a choice has the
 * chosen option's label and format (what a download writes, which has no visuals to build).
 */
export function withChosenColumns<
  Definition extends Pick<CatalogueReportDefinition, 'columns' | 'parameters'>,
>(definition: Definition, values: ParameterValues): Definition {
  const chosen = chosenOptions(definition, values);
  return {
    ...definition,
    columns: definition.columns.map((column) => {
      const option = column.follows ? chosen(column.follows) : undefined;
      return option
        ? { ...column, label: option.label ?? column.label, format: option.format ?? column.format }
        : column;
    }),
  };
}

/**
 * The result column a declared column reads for `language`: its German (or Austrian) translation when
 * it has one and the result carries it, else the column itself.
 */
export function valueColumnOf(
  name: string,
  declared: readonly DefinitionColumn[],
  language: UiLanguageName,
  has: (column: string) => boolean,
): string {
  const translations = declared.find((column) => column.name === name)?.translations;
  if (!translations) return name;
  const translated = catalogueTextIn({ en: name, ...translations }, language);
  return has(translated) ? translated : name;
}

/**
 * The shape of a column: its definition when declared (a column that `follows` a choice takes the
 * chosen option's label and format), else guessed from the source's type name.
 */
export function columnOf(
  name: string,
  sourceType: string | undefined,
  declared: readonly DefinitionColumn[],
  language: UiLanguageName,
  chosen?: ChosenOption,
): ReportColumn {
  const definition = declared.find((column) => column.name === name);
  if (definition) {
    const option = definition.follows ? chosen?.(definition.follows) : undefined;
    return {
      key: name,
      label:
        (option?.label
          ? catalogueTextIn(option.label, language)
          : catalogueTextIn(definition.label, language)) ?? name,
      format: option?.format ?? definition.format,
    };
  }
  const format: ValueFormat =
    sourceType && integerSourceTypes.has(sourceType)
      ? 'integer'
      : sourceType && numericType.test(sourceType)
        ? 'number'
        : /date/i.test(sourceType ?? '')
          ? 'date'
          : 'text';
  return { key: name, label: name, format };
}

function chartKindOf(visual: Extract<DefinitionVisual, { type: 'chart' }>): ChartKind {
  if (visual.kind === 'bar') return visual.stacked ? 'stacked-bar' : 'bar';
  if (visual.kind === 'area') return visual.stacked ? 'stacked-area' : 'area';
  return visual.kind;
}

/** A text of the UI in `language` (contracts' locales), e.g. a chart's "Other" series. */
const textIn = (
  language: UiLanguageName,
  key: 'reports.chart.other' | 'reports.chart.empty' | 'reports.kpi.previousPeriod',
) => translations[language][key] ?? translations.en[key] ?? key;

/** The most series a split chart draws and the most slices a pie draws, "Other" included (decision 047). */
export const chartPartsLimit = 8;

/**
 * `rows` folded into one figure by `aggregate` (decision 047): `first` and `last` take that row's value
 * (empty when the result is); the others the non-empty values, `count` counting them and the rest null
 * when there are no numbers.
 */
export function aggregateColumn(
  rows: readonly (readonly unknown[])[],
  position: number,
  aggregate: KpiAggregate,
  format: ValueFormat,
): ReportCell {
  if (aggregate === 'first' || aggregate === 'last') {
    const row = aggregate === 'first' ? rows[0] : rows[rows.length - 1];
    return row ? cellOf(row[position], format) : null;
  }
  if (aggregate === 'count') {
    let count = 0;
    for (const row of rows) if (row[position] !== null && row[position] !== undefined) count += 1;
    return count;
  }
  let count = 0;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const row of rows) {
    const value = numberOf(row[position]);
    if (value === null) continue;
    count += 1;
    sum += value;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (count === 0) return null;
  if (aggregate === 'sum') return sum;
  if (aggregate === 'average') return sum / count;
  return aggregate === 'min' ? min : max;
}

/** The format of a KPI's figure: a count is a whole number, an average of whole numbers is not. */
function aggregateFormat(aggregate: KpiAggregate, format: ValueFormat): ValueFormat {
  if (aggregate === 'count') return 'integer';
  if (aggregate === 'average' && format === 'integer') return 'number';
  return format;
}

/**
 * At most `limit` parts (series of a split chart, slices of a pie): when there are more, the largest
 * `limit - 1` by `size` stay in their order and the rest become one part "Other", last.
 */
export function keepLargest<Part>(
  parts: readonly Part[],
  size: (part: Part) => number,
  limit = chartPartsLimit,
): { kept: Part[]; rest: Part[] } {
  if (parts.length <= limit) return { kept: [...parts], rest: [] };
  const largest = new Set(
    parts
      .map((part, position) => ({ part, position, size: Math.abs(size(part)) }))
      .sort((a, b) => b.size - a.size || a.position - b.position)
      .slice(0, limit - 1)
      .map(({ part }) => part),
  );
  return {
    kept: parts.filter((part) => largest.has(part)),
    rest: parts.filter((part) => !largest.has(part)),
  };
}

const sumOf = (values: readonly (number | null)[]): number | null =>
  values.some((value) => value !== null)
    ? values.reduce<number>((total, value) => total + (value ?? 0), 0)
    : null;

export interface VisualOptions {
  language: UiLanguageName;
  /** Only these visuals (a tile's one); default all. */
  visualIds?: readonly string[];
  /** Rows the table keeps (a table tile's first rows); default all. */
  tableRows?: number;
  /** The run's parameter values: a column that `follows` a choice takes the chosen option's shape. */
  values?: ParameterValues;
  /**
   * `rows.map(map)`: the server passes one that lets other requests run between slices of a large result
   * (`mapRows`); default a plain map.
   */
  mapRows?: MapRows;
  /**
   * The results of the previous period, by the date-range parameter a KPI compares with (decision 047):
   * the server runs the definition again with that range shifted back by its length. Absent (the editor's
   * preview): those comparisons have no value.
   */
  previousPeriods?: Readonly<Record<string, VisualInput>>;
}

/** How rows are mapped: at once, or in slices with other work in between. */
export type MapRows = <T, R>(items: readonly T[], map: (item: T) => R) => Promise<R[]>;

const mapAtOnce: MapRows = (items, map) => Promise.resolve(items.map(map));

/** A chart's categories and the rows they are drawn from: per row or per distinct x, ordered, cut. */
async function chartRows(
  visual: Extract<DefinitionVisual, { type: 'chart' }>,
  rows: readonly (readonly unknown[])[],
  xOf: (row: readonly unknown[]) => string,
  firstSeriesOf: (row: readonly unknown[]) => number | null,
  mapRows: MapRows,
): Promise<{ category: string; row: readonly unknown[] }[]> {
  let picked = await mapRows(rows, (row) => ({ category: xOf(row), row }));
  if (visual.categories === 'distinct') {
    const seen = new Set<string>();
    picked = picked.filter(({ category }) => !seen.has(category) && Boolean(seen.add(category)));
  }
  if (visual.order === 'descending') {
    // Stable: equal figures keep their row order.
    picked = picked
      .map((entry, position) => ({ ...entry, position, figure: firstSeriesOf(entry.row) ?? -Infinity }))
      .sort((a, b) => b.figure - a.figure || a.position - b.position);
  }
  return visual.top === undefined ? picked : picked.slice(0, visual.top);
}

/**
 * Builds KPIs, charts and the table of `definition` from `result`. A visual naming a column the result
 * does not have is a `VisualMisfit` (the definition no longer fits its SQL: the page says so). A large
 * result is worked through in slices that let other requests run in between (`mapRows`).
 */
export async function visualiseResult(
  definition: Pick<CatalogueReportDefinition, 'columns' | 'visuals'> &
    Partial<Pick<CatalogueReportDefinition, 'parameters'>>,
  result: VisualInput,
  { language, visualIds, tableRows, values = {}, mapRows = mapAtOnce, previousPeriods = {} }: VisualOptions,
): Promise<ReportData> {
  const index = new Map(result.columns.map((column, position) => [column.name, position]));
  const chosen = chosenOptions({ parameters: definition.parameters ?? [] }, values);
  const columnFor = (name: string) => {
    if (!index.has(name)) throw new VisualMisfit(`the result has no column '${name}'`);
    const position = index.get(
      valueColumnOf(name, definition.columns, language, (column) => index.has(column)),
    )!;
    return {
      position,
      column: columnOf(name, result.columns[position]?.type, definition.columns, language, chosen),
    };
  };
  const visuals = definition.visuals.filter((visual) => !visualIds || visualIds.includes(visual.id));
  // A definition without visuals shows its table.
  const shown: DefinitionVisual[] =
    definition.visuals.length === 0 ? [{ type: 'table', id: 'table' }] : visuals;

  /** A KPI's comparison: a second column, or the same column in the previous period's result. */
  const comparisonOf = (
    item: Extract<DefinitionVisual, { type: 'kpi' }>['items'][number],
    aggregate: KpiAggregate,
    column: ReportColumn,
  ): Pick<ReportKpi, 'comparison'> => {
    const lowerIsBetter = item.lowerIsBetter ? { lowerIsBetter: true } : {};
    if (item.compareTo) {
      const compared = columnFor(item.compareTo);
      const value = aggregateColumn(result.rows, compared.position, aggregate, compared.column.format);
      return {
        comparison: {
          label: compared.column.label,
          value: typeof value === 'number' ? value : null,
          ...lowerIsBetter,
        },
      };
    }
    if (!item.comparePreviousPeriod) return {};
    const previous = previousPeriods[item.comparePreviousPeriod];
    const position = previous?.columns.findIndex(
      (candidate) =>
        candidate.name ===
        valueColumnOf(item.column, definition.columns, language, (name) =>
          previous.columns.some((known) => known.name === name),
        ),
    );
    const value =
      previous && position !== undefined && position >= 0
        ? aggregateColumn(previous.rows, position, aggregate, column.format)
        : null;
    return {
      comparison: {
        label: textIn(language, 'reports.kpi.previousPeriod'),
        value: typeof value === 'number' ? value : null,
        ...lowerIsBetter,
      },
    };
  };

  /**
   * A chart split by a column (decision 047): one category per distinct `x` (in row order), one series
   * per distinct value of `splitBy` (in row order, the largest few kept and the rest summed into "Other"),
   * each cell the sum of its rows' values (empty where no row has one).
   */
  const splitChart = async (
    visual: Extract<DefinitionVisual, { type: 'chart' }>,
    splitBy: string,
  ): Promise<ReportChart> => {
    const x = columnFor(visual.x);
    const split = columnFor(splitBy);
    const value = columnFor(visual.series[0]!);
    const cells = await mapRows(result.rows, (row) => ({
      category: String(cellOf(row[x.position], x.column.format) ?? ''),
      part: cellOf(row[split.position], split.column.format),
      value: numberOf(row[value.position]),
    }));
    const categoryIndex = new Map<string, number>();
    const parts = new Map<string, { label: string; values: (number | null)[]; total: number }>();
    for (const cell of cells) {
      if (!categoryIndex.has(cell.category)) categoryIndex.set(cell.category, categoryIndex.size);
    }
    for (const cell of cells) {
      const key = cell.part === null ? '' : String(cell.part);
      let part = parts.get(key);
      if (!part) {
        part = {
          label: key === '' ? textIn(language, 'reports.chart.empty') : key,
          values: Array.from({ length: categoryIndex.size }, () => null),
          total: 0,
        };
        parts.set(key, part);
      }
      if (cell.value === null) continue;
      const at = categoryIndex.get(cell.category)!;
      part.values[at] = (part.values[at] ?? 0) + cell.value;
      part.total += cell.value;
    }
    let categories = [...categoryIndex.keys()];
    const { kept, rest } = keepLargest([...parts.entries()], ([, part]) => part.total);
    const series: ReportSeries[] = kept.map(([key, part]) => ({
      key: `${splitBy}:${key}`,
      label: part.label,
      format: value.column.format,
      values: part.values,
      axis: 0,
    }));
    if (rest.length > 0) {
      series.push({
        key: `${splitBy}:…`,
        label: textIn(language, 'reports.chart.other'),
        format: value.column.format,
        values: categories.map((_, at) => sumOf(rest.map(([, part]) => part.values[at] ?? null))),
        axis: 0,
      });
    }
    // Order and top count over the categories' totals of all series.
    let order = categories.map((_, at) => at);
    if (visual.order === 'descending') {
      const totals = order.map((at) => sumOf(series.map((one) => one.values[at] ?? null)) ?? -Infinity);
      order = order.sort((a, b) => totals[b]! - totals[a]! || a - b);
    }
    if (visual.top !== undefined) order = order.slice(0, visual.top);
    categories = order.map((at) => categories[at]!);
    return {
      id: visual.id,
      title: (visual.title && catalogueTextIn(visual.title, language)) ?? '',
      kind: chartKindOf(visual),
      categoryFormat: x.column.format,
      categories,
      series: series.map((one) => ({ ...one, values: order.map((at) => one.values[at] ?? null) })),
    };
  };

  const kpis: ReportKpi[] = [];
  const charts: ReportChart[] = [];
  let table: ReportData['table'] = null;

  for (const visual of shown) {
    if (visual.type === 'kpi') {
      for (const item of visual.items) {
        const { position, column } = columnFor(item.column);
        const aggregate = item.aggregate ?? 'first';
        const value = aggregateColumn(result.rows, position, aggregate, column.format);
        if (visual.omitEmpty && value === null) continue;
        kpis.push({
          key: `${visual.id}.${item.column}`,
          label: column.label,
          value,
          format: aggregateFormat(aggregate, column.format),
          ...comparisonOf(item, aggregate, column),
        });
      }
    } else if (visual.type === 'chart' && visual.splitBy !== undefined) {
      charts.push(await splitChart(visual, visual.splitBy));
    } else if (visual.type === 'chart') {
      const x = columnFor(visual.x);
      const seriesColumns = visual.series.map((name) => ({ name, ...columnFor(name) }));
      const firstSeries = seriesColumns[0]!;
      let picked = await chartRows(
        visual,
        result.rows,
        (row) => String(cellOf(row[x.position], x.column.format) ?? ''),
        (row) => numberOf(row[firstSeries.position]),
        mapRows,
      );
      const pie = visual.kind === 'pie' || visual.kind === 'donut';
      let other: number | null = null;
      if (pie) {
        // A pie of many slices cannot be read: the largest stay, the rest are one slice "Other".
        const { kept, rest } = keepLargest(picked, ({ row }) => numberOf(row[firstSeries.position]) ?? 0);
        picked = kept;
        other = rest.length > 0 ? sumOf(rest.map(({ row }) => numberOf(row[firstSeries.position]))) : null;
      }
      const otherLabel = other === null ? [] : [textIn(language, 'reports.chart.other')];
      charts.push({
        id: visual.id,
        title: (visual.title && catalogueTextIn(visual.title, language)) ?? '',
        kind: chartKindOf(visual),
        categoryFormat: x.column.format,
        categories: [...picked.map(({ category }) => category), ...otherLabel],
        series: seriesColumns.map(({ name, position, column }) => ({
          key: name,
          label: column.label,
          format: column.format,
          values: [...picked.map(({ row }) => numberOf(row[position])), ...(other === null ? [] : [other])],
          axis: visual.secondAxis?.includes(name) ? (1 as const) : (0 as const),
          ...(visual.kind === 'combined'
            ? { shape: visual.lines?.includes(name) ? ('line' as const) : ('bar' as const) }
            : {}),
        })),
      });
    } else if (!table) {
      const names = visual.columns ?? result.columns.map((column) => column.name);
      const columns = names
        .map(columnFor)
        .filter(
          ({ position }) =>
            !visual.omitEmpty ||
            result.rows.some((row) => row[position] !== null && row[position] !== undefined),
        );
      const rows = await mapRows(
        tableRows === undefined ? result.rows : result.rows.slice(0, tableRows),
        (row) => columns.map(({ position, column }) => cellOf(row[position], column.format)),
      );
      table = {
        columns: columns.map(({ column }) => column),
        rows,
        totalRows: result.rows.length,
        truncated: result.cutAtRows !== null || rows.length < result.rows.length,
      };
    }
  }
  return { kpis, charts, table };
}
