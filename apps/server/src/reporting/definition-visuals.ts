import {
  type CatalogueReportDefinition,
  type ChartKind,
  type DefinitionColumn,
  type DefinitionVisual,
  type ReportCell,
  type ReportChart,
  type ReportColumn,
  type ReportData,
  type ReportKpi,
  type UiLanguageName,
  type ValueFormat,
  catalogueTextIn,
} from '@cockpit/contracts';

// A query report's result as the report page and the tiles show it (decision 027): every visual of a
// definition reads the same rows. KPIs take the first row; charts and the table take all rows. The
// answer has the shape the built-in reports have always had, so the same components draw it.

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
const numericType = /^(int|integer|bigint|smallint|tinyint|mediumint|numeric|decimal|real|double|float|money|int2|int4|int8|float4|float8|newdecimal|long|longlong|short|tiny|int24)/i;

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

/** The shape of a column: its definition when declared, else guessed from the source's type name. */
export function columnOf(
  name: string,
  sourceType: string | undefined,
  declared: readonly DefinitionColumn[],
  language: UiLanguageName,
): ReportColumn {
  const definition = declared.find((column) => column.name === name);
  if (definition) {
    return { key: name, label: catalogueTextIn(definition.label, language) ?? name, format: definition.format };
  }
  const format: ValueFormat = sourceType && numericType.test(sourceType) ? 'number' : /date/i.test(sourceType ?? '') ? 'date' : 'text';
  return { key: name, label: name, format };
}

function chartKindOf(visual: Extract<DefinitionVisual, { type: 'chart' }>): ChartKind {
  if (visual.kind === 'bar') return visual.stacked ? 'stacked-bar' : 'bar';
  if (visual.kind === 'area') return visual.stacked ? 'stacked-area' : 'area';
  return 'line';
}

export interface VisualOptions {
  language: UiLanguageName;
  /** Only these visuals (a tile's one); default all. */
  visualIds?: readonly string[];
  /** Rows the table keeps (a table tile's first rows); default all. */
  tableRows?: number;
}

/**
 * Builds KPIs, charts and the table of `definition` from `result`. A visual naming a column the result
 * does not have is a `VisualMisfit` (the definition no longer fits its SQL: the page says so).
 */
export function visualiseResult(
  definition: Pick<CatalogueReportDefinition, 'columns' | 'visuals'>,
  result: VisualInput,
  { language, visualIds, tableRows }: VisualOptions,
): ReportData {
  const index = new Map(result.columns.map((column, position) => [column.name, position]));
  const columnFor = (name: string) => {
    const position = index.get(name);
    if (position === undefined) throw new VisualMisfit(`the result has no column '${name}'`);
    return { position, column: columnOf(name, result.columns[position]?.type, definition.columns, language) };
  };
  const visuals = definition.visuals.filter((visual) => !visualIds || visualIds.includes(visual.id));
  // A definition without visuals shows its table.
  const shown: DefinitionVisual[] = definition.visuals.length === 0 ? [{ type: 'table', id: 'table' }] : visuals;

  const kpis: ReportKpi[] = [];
  const charts: ReportChart[] = [];
  let table: ReportData['table'] = null;
  const first = result.rows[0];

  for (const visual of shown) {
    if (visual.type === 'kpi') {
      for (const item of visual.items) {
        const { position, column } = columnFor(item.column);
        const comparison = item.compareTo ? columnFor(item.compareTo) : null;
        kpis.push({
          key: `${visual.id}.${item.column}`,
          label: column.label,
          value: first ? cellOf(first[position], column.format) : null,
          format: column.format,
          ...(comparison
            ? {
                comparison: {
                  label: comparison.column.label,
                  value: first ? numberOf(first[comparison.position]) : null,
                },
              }
            : {}),
        });
      }
    } else if (visual.type === 'chart') {
      const x = columnFor(visual.x);
      charts.push({
        id: visual.id,
        title: (visual.title && catalogueTextIn(visual.title, language)) ?? '',
        kind: chartKindOf(visual),
        categoryFormat: x.column.format,
        categories: result.rows.map((row) => String(cellOf(row[x.position], x.column.format) ?? '')),
        series: visual.series.map((name) => {
          const series = columnFor(name);
          return {
            key: name,
            label: series.column.label,
            format: series.column.format,
            values: result.rows.map((row) => numberOf(row[series.position])),
            axis: 0 as const,
          };
        }),
      });
    } else if (!table) {
      const names = visual.columns ?? result.columns.map((column) => column.name);
      const columns = names.map(columnFor);
      const rows = (tableRows === undefined ? result.rows : result.rows.slice(0, tableRows)).map((row) =>
        columns.map(({ position, column }) => cellOf(row[position], column.format)),
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
