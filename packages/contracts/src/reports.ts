import { z } from 'zod';
import { withClientQuery } from './client-params';
import { isoDateSchema } from './report-dates';
import { parameterViewSchema, resultInfoSchema } from './report-definitions';

export * from './report-dates';

// Report content (docs/product.md §D.3 "Report / dashboard content"): a report is a row in the database. A
// query report shows a report definition's SQL over a data source of the organisation (decision 027); an
// embedded one shows a URL in a frame; an external one opens its URL in a new window.

export const reportKinds = ['query', 'embedded', 'external'] as const;
export const reportKindSchema = z.enum(reportKinds);
export type ReportKind = z.infer<typeof reportKindSchema>;

/** How the client formats a value in the user's culture (numbers arrive raw, docs/product.md §D.4). */
export const valueFormats = [
  'text',
  'date',
  'week',
  'month',
  'quarter',
  'integer',
  'number',
  'currency',
  'percent',
] as const;
export const valueFormatSchema = z.enum(valueFormats);
export type ValueFormat = z.infer<typeof valueFormatSchema>;

/** `GET /api/reports/:name` query (decision 027): the reader's parameter values, checked against the definition. */
export const reportQuerySchema = withClientQuery({
  /** The parameter values as JSON `{ name: value }`; missing ones take the definition's defaults. */
  values: z.string().max(16_000).optional(),
  /** `true` runs the definition afresh instead of answering from the cache (the page's refresh). */
  refresh: z.enum(['true', 'false']).optional(),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportNameParamsSchema = z.object({ name: z.string().min(1).max(200) });

/** Downloads of a query report's whole result, streamed by the server (decision 027). */
export const reportDownloadFormats = ['csv', 'xlsx'] as const;
export const reportDownloadFormatSchema = z.enum(reportDownloadFormats);
export type ReportDownloadFormat = z.infer<typeof reportDownloadFormatSchema>;

/** `GET /api/reports/:name/download?format=csv|xlsx&values=<JSON>`: the values as on the report page. */
export const reportDownloadQuerySchema = withClientQuery({
  format: reportDownloadFormatSchema,
  values: z.string().max(16_000).optional(),
});
export type ReportDownloadQuery = z.infer<typeof reportDownloadQuerySchema>;

/** The file itself (CSV text or XLSX bytes), described for the API document; never parsed as JSON. */
export const reportDownloadFileSchema = z
  .string()
  .describe(
    'text/csv (UTF-8 with a byte-order mark) or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );

/** One headline figure. Text values (e.g. "best region") use format `text`. */
export const reportKpiSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.union([z.number(), z.string()]).nullable(),
  format: valueFormatSchema,
  /**
   * Query reports (decisions 027, 047): the value it is compared with (a second column or the previous
   * period), in the same format; `lowerIsBetter` shows a fall as good news.
   */
  comparison: z
    .object({ label: z.string(), value: z.number().nullable(), lowerIsBetter: z.boolean().optional() })
    .nullable()
    .optional(),
});
export type ReportKpi = z.infer<typeof reportKpiSchema>;

export const reportSeriesSchema = z.object({
  key: z.string(),
  label: z.string(),
  format: valueFormatSchema,
  values: z.array(z.number().nullable()),
  /** 1 → drawn against a second value axis (e.g. quantity beside revenue). */
  axis: z.union([z.literal(0), z.literal(1)]),
  /** A `combined` chart's series: drawn as bars or as a line (decision 047). */
  shape: z.enum(['bar', 'line']).optional(),
});
export type ReportSeries = z.infer<typeof reportSeriesSchema>;

export const chartKinds = [
  'line',
  'bar',
  'stacked-bar',
  'area',
  'stacked-area',
  'combined',
  'pie',
  'donut',
] as const;
export const reportChartSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(chartKinds),
  /** How the category axis values are formatted (dates arrive as `YYYY-MM-DD`). */
  categoryFormat: valueFormatSchema,
  categories: z.array(z.string()),
  series: z.array(reportSeriesSchema),
});
export type ReportChart = z.infer<typeof reportChartSchema>;
export type ChartKind = ReportChart['kind'];

export const reportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  format: valueFormatSchema,
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCellSchema>;

/** Rows as arrays in column order: compact for 100,000 rows. */
export const reportTableSchema = z.object({
  columns: z.array(reportColumnSchema),
  rows: z.array(z.array(reportCellSchema)),
  /** Rows the query found; more than `rows.length` when the answer was cut at the row limit. */
  totalRows: z.number().int().nonnegative(),
  truncated: z.boolean(),
});
export type ReportTable = z.infer<typeof reportTableSchema>;

export const reportDataSchema = z.object({
  kpis: z.array(reportKpiSchema),
  charts: z.array(reportChartSchema),
  table: reportTableSchema.nullable(),
});
export type ReportData = z.infer<typeof reportDataSchema>;

export const dateRangeSchema = z.object({ from: isoDateSchema, to: isoDateSchema });
export type DateRange = z.infer<typeof dateRangeSchema>;

/** What the report page shows above its body: title, kind and, for a frame or a link, its address. */
export const reportHeaderSchema = z.object({
  name: z.string(),
  title: z.string(),
  subTitle: z.string().nullable(),
  kind: reportKindSchema,
  /** Embedded: the URL shown in the frame. */
  frameUrl: z.string().nullable(),
  /** External: the URL opened in a new window. */
  externalUrl: z.string().nullable(),
});
export type ReportHeader = z.infer<typeof reportHeaderSchema>;

export const reportResponseSchema = z.object({
  report: reportHeaderSchema,
  data: reportDataSchema.nullable(),
  /** Query reports (decision 027): the parameters shown above the report, with the values used. */
  parameters: z.array(parameterViewSchema).nullable().optional(),
  /** Query reports: when the data was read, whether from the cache, whether it was cut. */
  info: resultInfoSchema.nullable().optional(),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;
