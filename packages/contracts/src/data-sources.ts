import { z } from 'zod';
import { catalogueNameSchema, localisedTextSchema } from './catalogue-names';
import { withClientBody, withClientQuery } from './client-params';
import { catalogueRowRuleSchema } from './row-rules';

// Data sources (docs/decisions/027-reports-over-own-data.md): the databases and uploaded tables an
// organisation's report definitions read. A connection's password is sealed at rest and never answered;
// the catalogue document carries data sources without it.

export const dataSourceKinds = ['postgres', 'mysql', 'uploads'] as const;
export const dataSourceKindSchema = z.enum(dataSourceKinds);
export type DataSourceKind = z.infer<typeof dataSourceKindSchema>;

/** `off`: plain TCP; `require`: TLS without checking the certificate; `verify`: TLS checked against `caCertificate`. */
export const dataSourceTlsModes = ['off', 'require', 'verify'] as const;
export const dataSourceTlsSchema = z.enum(dataSourceTlsModes);
export type DataSourceTls = z.infer<typeof dataSourceTlsSchema>;

export const dataSourceDefaults = {
  poolSize: 5,
  statementTimeoutSeconds: 30,
  rowLimit: 100_000,
} as const;

/** The largest row limit a source may set: downloads stream up to this many rows. */
export const dataSourceMaxRowLimit = 1_000_000;

/** Where and how to connect (PostgreSQL and MySQL/MariaDB); never the password. */
export const dataSourceConnectionSchema = z
  .object({
    host: z
      .string()
      .trim()
      .min(1)
      .max(253)
      .regex(/^[A-Za-z0-9.:_[\]-]+$/, 'must be a host name or an IP address'),
    port: z.number().int().min(1).max(65_535),
    database: z.string().trim().min(1).max(128),
    user: z.string().trim().min(1).max(128),
    tls: dataSourceTlsSchema.default('off'),
    /** PEM certificate(s) of the authority that signed the server's certificate (`tls: verify`). */
    caCertificate: z.string().max(32_768).optional(),
    poolSize: z.number().int().min(1).max(50).default(dataSourceDefaults.poolSize),
    statementTimeoutSeconds: z
      .number()
      .int()
      .min(1)
      .max(600)
      .default(dataSourceDefaults.statementTimeoutSeconds),
    rowLimit: z.number().int().min(1).max(dataSourceMaxRowLimit).default(dataSourceDefaults.rowLimit),
  })
  .strict()
  .superRefine((connection, context) => {
    if (connection.tls === 'verify' && !connection.caCertificate?.includes('BEGIN CERTIFICATE')) {
      context.addIssue({
        code: 'custom',
        path: ['caCertificate'],
        message: 'a PEM certificate is required to verify',
      });
    }
  });
export type DataSourceConnection = z.infer<typeof dataSourceConnectionSchema>;
export type DataSourceConnectionInput = z.input<typeof dataSourceConnectionSchema>;

/** The connection fields whose change requires the password again (it must not follow to a new server). */
export const dataSourceIdentityFields = ['host', 'port', 'database', 'user'] as const;

const tlsStrength: Record<DataSourceTls, number> = { off: 0, require: 1, verify: 2 };

/**
 * TLS made weaker (verify → require → off) or the authority it verifies against replaced: the password
 * is asked for again, as for another host — the stored one would otherwise go to the next test in clear
 * text, or to a server that a new CA lets pass (docs/decisions/041-source-accounts-checked.md).
 */
export function dataSourceTlsWeakened(
  before: { tls: DataSourceTls; caCertificate?: string | undefined },
  after: { tls: DataSourceTls; caCertificate?: string | undefined },
): boolean {
  if (tlsStrength[after.tls] < tlsStrength[before.tls]) return true;
  return (
    before.tls === 'verify' &&
    after.tls === 'verify' &&
    (before.caCertificate ?? '').trim() !== (after.caCertificate ?? '').trim()
  );
}

/**
 * A data source as the catalogue document carries it: a database connection without its password, or the
 * organisation's uploaded tables (no connection). Importing one that does not exist yet creates it
 * "needs password".
 */
export const catalogueDataSourceSchema = z
  .object({
    name: catalogueNameSchema,
    title: localisedTextSchema(200),
    kind: dataSourceKindSchema,
    connection: dataSourceConnectionSchema.optional(),
    /** Row rules of its tables (decision 044); absent: none. */
    rowRules: z.array(catalogueRowRuleSchema).max(500).optional(),
  })
  .strict()
  .superRefine((source, context) => {
    if (source.kind === 'uploads' && source.connection) {
      context.addIssue({
        code: 'custom',
        path: ['connection'],
        message: 'uploaded tables have no connection',
      });
    }
    if (source.kind !== 'uploads' && !source.connection) {
      context.addIssue({ code: 'custom', path: ['connection'], message: 'is required for a database' });
    }
  });
export type CatalogueDataSource = z.infer<typeof catalogueDataSourceSchema>;

// ---------------------------------------------------------------- management API

export const dataSourceNameParamsSchema = z.object({ name: catalogueNameSchema });

/** `POST /api/management/data-sources`, `PUT …/:name`: the source and, for a database, its password. */
export const dataSourceBodySchema = withClientBody({
  name: catalogueNameSchema,
  title: localisedTextSchema(200),
  kind: dataSourceKindSchema,
  connection: dataSourceConnectionSchema.optional(),
  /** Absent on a change: keep the stored one (refused when host, port, database or user change). */
  password: z.string().min(1).max(1_024).optional(),
});
export type DataSourceBody = z.input<typeof dataSourceBodySchema>;

/**
 * `POST /api/management/data-sources/connection-test`: "Test connection" in the add-source form, before
 * anything is saved: a database's connection and password, checked like a save (host rule) and tested
 * like a stored source (read-only session, account privileges).
 */
export const unsavedDataSourceTestBodySchema = withClientBody({
  kind: z.enum(['postgres', 'mysql']),
  connection: dataSourceConnectionSchema,
  password: z.string().min(1).max(1_024),
});
export type UnsavedDataSourceTestBody = z.input<typeof unsavedDataSourceTestBodySchema>;

/** A data source as management sees it. */
export const managedDataSourceSchema = z.object({
  name: z.string(),
  title: localisedTextSchema(200),
  kind: dataSourceKindSchema,
  connection: z
    .object({
      host: z.string(),
      port: z.number().int(),
      database: z.string(),
      user: z.string(),
      tls: dataSourceTlsSchema,
      caCertificate: z.string().optional(),
      poolSize: z.number().int(),
      statementTimeoutSeconds: z.number().int(),
      rowLimit: z.number().int(),
    })
    .nullable(),
  /** A database source whose password is not stored yet (e.g. created by a catalogue import). */
  needsPassword: z.boolean(),
  /** Report definitions that read this source. */
  definitions: z.array(z.string()),
  updatedAt: z.string(),
});
export type ManagedDataSource = z.infer<typeof managedDataSourceSchema>;

export const managedDataSourcesResponseSchema = z.object({ items: z.array(managedDataSourceSchema) });
export type ManagedDataSourcesResponse = z.infer<typeof managedDataSourcesResponseSchema>;

/** One column of a table as the source describes it (the database's own type name). */
export const sourceColumnSchema = z.object({ name: z.string(), type: z.string() });
export const sourceTableSchema = z.object({
  schema: z.string(),
  name: z.string(),
  columns: z.array(sourceColumnSchema),
});
export type SourceTable = z.infer<typeof sourceTableSchema>;

/** `GET …/:name/schema`: what the SQL editor completes and lists beside the SQL. */
export const sourceSchemaResponseSchema = z.object({
  tables: z.array(sourceTableSchema),
  /** More tables than listed (the list stops at 2,000). */
  truncated: z.boolean(),
});
export type SourceSchemaResponse = z.infer<typeof sourceSchemaResponseSchema>;

/** `POST …/:name/test`: connected, read-only proven, and whether the account itself could write. */
export const dataSourceTestResponseSchema = z.object({
  ok: z.boolean(),
  /** The database's own message when the connection or the read-only check failed. */
  message: z.string().nullable(),
  /**
   * The account holds these privileges, which a reporting account must not have (decision 041): the
   * source is refused, on this test and on every run.
   */
  refusedPrivileges: z.array(z.string()).optional(),
  /** The session refused a write (it always should: every run is in a read-only transaction). */
  readOnlySession: z.boolean(),
  /** The account has INSERT/UPDATE/DELETE privileges somewhere: the README's read-only recipe is advised. */
  accountCanWrite: z.boolean(),
  serverVersion: z.string().nullable(),
  milliseconds: z.number().int(),
  schema: sourceSchemaResponseSchema.nullable(),
});
export type DataSourceTestResponse = z.infer<typeof dataSourceTestResponseSchema>;

// ---------------------------------------------------------------- uploaded tables

/** Column types of an uploaded table (inferred from the file, changeable in the preview). */
export const uploadColumnTypes = ['integer', 'decimal', 'date', 'timestamp', 'boolean', 'text'] as const;
export const uploadColumnTypeSchema = z.enum(uploadColumnTypes);
export type UploadColumnType = z.infer<typeof uploadColumnTypeSchema>;

/** How numbers and dates are written in the file: `en` "1,234.56" / "2026-12-31"; `de` "1.234,56" / "31.12.2026". */
export const uploadValueStyles = ['en', 'de'] as const;
export const uploadValueStyleSchema = z.enum(uploadValueStyles);

/**
 * `maxCellCharacters`: Excel's own limit for one cell (32,767 characters); a CSV or XLSX cell longer than
 * that is refused with its row and column, so no cell can make an upload take more memory than that.
 */
export const uploadLimits = {
  maxRows: 1_000_000,
  maxBytes: 200 * 1024 * 1024,
  previewRows: 20,
  maxCellCharacters: 32_767,
} as const;

/** A table name in SQL: lower-case letters, digits and `_`, starting with a letter. */
export const uploadTableNameSchema = z
  .string()
  .regex(
    /^[a-z][a-z0-9_]{0,62}$/,
    'must be 1–63 lower-case letters, digits or underscores, starting with a letter',
  );

export const uploadColumnSchema = z.object({
  /** The SQL column name (from the header row, made safe). */
  name: uploadTableNameSchema,
  /** The header as written in the file. */
  header: z.string(),
  type: uploadColumnTypeSchema,
  /**
   * How the file wrote the column's numbers: `percent` ("11,0 %", read as 0.11) or `currency` ("€ 1.234,50",
   * read as 1234.5), as the value formats of reports show them (value-format.ts). Absent: plain.
   */
  format: z.enum(['percent', 'currency']).optional(),
});
export type UploadColumn = z.infer<typeof uploadColumnSchema>;

/** Spreadsheet rows before the header row that are not part of the table (a title, notes). */
export const uploadSkipRowsSchema = z.number().int().min(0).max(1000);

/**
 * `POST …/:name/uploads/preview` (multipart: `file`, optional `sheet`, `valueStyle`, `skipRows`, `headerRow`
 * "true"/"false"; without `skipRows` and `headerRow` the suggested ones are used).
 */
export const uploadPreviewResponseSchema = z.object({
  fileKind: z.enum(['csv', 'xlsx']),
  /** CSV: the detected separator and encoding. */
  separator: z.string().nullable(),
  encoding: z.string().nullable(),
  /** XLSX: the sheets to choose from, and the one previewed. */
  sheets: z.array(z.string()),
  sheet: z.string().nullable(),
  valueStyle: uploadValueStyleSchema,
  columns: z.array(uploadColumnSchema),
  /** The first rows as text, in column order; no cell is longer than `uploadLimits.maxCellCharacters`. */
  rows: z.array(z.array(z.string().max(uploadLimits.maxCellCharacters).nullable())),
  /** Each of `rows`' number as the spreadsheet shows it (skipped rows and the header counted). */
  rowNumbers: z.array(z.number().int()),
  suggestedTableName: z.string(),
  /** The rows skipped and whether the first row after them is the header, as previewed. */
  skipRows: uploadSkipRowsSchema,
  headerRow: z.boolean(),
  /** What the file looks like: title rows before the header (skipped), and whether it has a header row. */
  suggestedSkipRows: uploadSkipRowsSchema,
  suggestedHeaderRow: z.boolean(),
  /** The header's row number as the spreadsheet shows it (null without a header row). */
  headerRowNumber: z.number().int().nullable(),
  /** A last row of totals (Total/Summe/Gesamt/Sum, or the columns' sums): its row number and first text. */
  totalsRow: z.object({ row: z.number().int(), label: z.string().nullable() }).nullable(),
});
export type UploadPreviewResponse = z.infer<typeof uploadPreviewResponseSchema>;

/** The import options sent as the multipart field `options` (JSON) beside `file`. */
export const uploadOptionsSchema = z
  .object({
    table: uploadTableNameSchema,
    mode: z.enum(['replace', 'append']),
    sheet: z.string().max(200).optional(),
    valueStyle: uploadValueStyleSchema.default('en'),
    columns: z.array(uploadColumnSchema).min(1).max(500),
    /** Spreadsheet rows 1 to `skipRows` are not read; the first row after them is the header (or data). */
    skipRows: uploadSkipRowsSchema.default(0),
    headerRow: z.boolean().default(true),
    /** Leaves out a last row of totals (as the preview's `totalsRow` detects it); no other row. */
    dropTotalsRow: z.boolean().default(false),
  })
  .strict();
export type UploadOptions = z.input<typeof uploadOptionsSchema>;

export const uploadResultSchema = z.object({
  table: z.string(),
  rowsImported: z.number().int(),
  rowsTotal: z.number().int(),
  milliseconds: z.number().int(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/**
 * A bad value: the import names its row as the spreadsheet shows it (skipped rows and the header counted)
 * and its column, and imports nothing.
 */
export const uploadErrorDetailSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  value: z.string(),
  /** A cell over `uploadLimits.maxCellCharacters`: `column` is its letter. */
  tooLong: z.object({ limit: z.number().int() }).optional(),
});
export type UploadErrorDetail = z.infer<typeof uploadErrorDetailSchema>;

/** An upload's error answer: the API's error shape, with the bad value's row and column when there is one. */
export const uploadErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), detail: uploadErrorDetailSchema.optional() }),
});

export const uploadedTableSchema = z.object({
  name: z.string(),
  columns: z.array(uploadColumnSchema),
  rows: z.number().int(),
  updatedAt: z.string(),
});
export const uploadedTablesResponseSchema = z.object({ items: z.array(uploadedTableSchema) });
export type UploadedTablesResponse = z.infer<typeof uploadedTablesResponseSchema>;

export const uploadedTableParamsSchema = z.object({
  name: catalogueNameSchema,
  table: uploadTableNameSchema,
});

// ---------------------------------------------------------------- query log

export const queryPurposes = ['report', 'tile', 'download', 'preview', 'choices', 'delivery'] as const;
export const queryPurposeSchema = z.enum(queryPurposes);
export type QueryPurpose = z.infer<typeof queryPurposeSchema>;

export const queryLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  userName: z.string().nullable(),
  dataSource: z.string().nullable(),
  definition: z.string().nullable(),
  /** The report item or dashboard it ran for. */
  target: z.string().nullable(),
  purpose: queryPurposeSchema,
  parameters: z.record(z.string(), z.unknown()),
  rows: z.number().int().nullable(),
  milliseconds: z.number().int(),
  cacheHit: z.boolean(),
  error: z.string().nullable(),
});
export type QueryLogEntry = z.infer<typeof queryLogEntrySchema>;

export const queryLogPageSize = 50;
/** Entries older than this are removed. */
export const queryLogRetentionDays = 30;

export const queryLogQuerySchema = withClientQuery({
  dataSource: catalogueNameSchema.optional(),
  definition: catalogueNameSchema.optional(),
  errorsOnly: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type QueryLogQuery = z.input<typeof queryLogQuerySchema>;

export const queryLogResponseSchema = z.object({
  items: z.array(queryLogEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type QueryLogResponse = z.infer<typeof queryLogResponseSchema>;
