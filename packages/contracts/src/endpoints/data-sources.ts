import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import { withClientQuery } from '../client-params';
import {
  dataSourceBodySchema,
  dataSourceNameParamsSchema,
  dataSourceTestResponseSchema,
  managedDataSourceSchema,
  managedDataSourcesResponseSchema,
  queryLogQuerySchema,
  queryLogResponseSchema,
  sourceSchemaResponseSchema,
  uploadedTableParamsSchema,
  uploadedTablesResponseSchema,
  uploadErrorSchema,
  uploadOptionsSchema,
  uploadPreviewResponseSchema,
  uploadResultSchema,
  uploadValueStyleSchema,
  unsavedDataSourceTestBodySchema,
} from '../data-sources';
import { rowRuleBodySchema, rowRuleParamsSchema, rowRuleSchema, rowRulesResponseSchema } from '../row-rules';
import { apiErrorSchema } from '../errors';
import { emptyBodySchema } from '../management';
import { dataTags, endpoint, jsonSchemaOf, managementErrors } from './endpoint';

// Management: data sources, the query log and uploaded tables (decision 027); a password goes in, never out.

/**
 * A multipart/form-data body: its fields, then the part `file`. The route reads it as a stream itself
 * (never buffered), so zod validates nothing here; the schema describes the form for the API document.
 */
function multipartForm(fields: Record<string, Record<string, unknown>>, required: string[]) {
  return z.unknown().meta({
    type: 'object',
    properties: {
      ...fields,
      file: { type: 'string', format: 'binary', description: 'The CSV or XLSX file, sent after the fields.' },
    },
    required: [...required, 'file'],
  });
}
const multipart = ['multipart/form-data'] as const;

const uploadPreviewForm = multipartForm(
  {
    valueStyle: {
      ...jsonSchemaOf(uploadValueStyleSchema),
      description: 'How values are written; detected when absent.',
    },
    sheet: {
      type: 'string',
      maxLength: 200,
      description: 'The sheet of an XLSX file; the first when absent.',
    },
    skipRows: {
      type: 'string',
      pattern: '^[0-9]{1,4}$',
      description: 'Spreadsheet rows before the header that are not read; suggested when absent.',
    },
    headerRow: {
      type: 'string',
      enum: ['true', 'false'],
      description: 'Whether the first row read is the header; suggested when absent.',
    },
  },
  [],
);
const uploadTableForm = multipartForm(
  { options: { ...jsonSchemaOf(uploadOptionsSchema), description: 'The import options, as JSON.' } },
  ['options'],
);

/** Keyed by operation id, as in `apiEndpoints`. */
export const dataSourcesEndpoints = {
  listDataSources: endpoint(apiRoutes.listDataSources, {
    tags: dataTags,
    summary: "The organisation's data sources (never a password) and the definitions that read each",
    query: withClientQuery({}),
    response: { 200: managedDataSourcesResponseSchema, ...managementErrors },
  }),
  createDataSource: endpoint(apiRoutes.createDataSource, {
    tags: dataTags,
    summary: 'Add a database data source (PostgreSQL or MySQL/MariaDB) with its password',
    description:
      '400 names the field: `connection.host` when the host rule (`DATA_SOURCE_HOSTS`) refuses the host, ' +
      '`password` when it is missing. 409: the name is taken; `uploads` (the uploaded tables) every organisation has.',
    query: withClientQuery({}),
    body: dataSourceBodySchema,
    response: { 201: managedDataSourceSchema, ...managementErrors },
  }),
  updateDataSource: endpoint(apiRoutes.updateDataSource, {
    tags: dataTags,
    summary:
      'Change a data source; no password keeps the stored one unless host, port, database or user change',
    params: dataSourceNameParamsSchema,
    query: withClientQuery({}),
    body: dataSourceBodySchema,
    response: { 200: managedDataSourceSchema, ...managementErrors },
  }),
  deleteDataSource: endpoint(apiRoutes.deleteDataSource, {
    tags: dataTags,
    summary: 'Remove a data source (409 while a report definition reads it)',
    params: dataSourceNameParamsSchema,
    query: withClientQuery({}),
    response: { 204: z.null(), ...managementErrors },
  }),
  testDataSource: endpoint(apiRoutes.testDataSource, {
    tags: dataTags,
    summary: 'Connect, prove the session read-only, and say whether the account itself could write',
    description:
      "A connection that fails is `ok: false` with the database's message; 400 `password`: none stored yet.",
    params: dataSourceNameParamsSchema,
    query: withClientQuery({}),
    body: emptyBodySchema,
    response: { 200: dataSourceTestResponseSchema, ...managementErrors, 503: apiErrorSchema },
  }),
  testUnsavedDataSource: endpoint(apiRoutes.testUnsavedDataSource, {
    tags: dataTags,
    summary: 'Test a connection before it is saved: the same host rule as saving, the same checks as a test',
    description:
      'Nothing is stored. A connection that fails (a wrong password, a refused host port) is `ok: false` with ' +
      "the database's message; 400 `connection.host` when the host rule (`DATA_SOURCE_HOSTS`) refuses the host.",
    query: withClientQuery({}),
    body: unsavedDataSourceTestBodySchema,
    response: { 200: dataSourceTestResponseSchema, ...managementErrors, 503: apiErrorSchema },
  }),
  getDataSourceSchema: endpoint(apiRoutes.getDataSourceSchema, {
    tags: dataTags,
    summary: "The source's tables and columns (what the SQL editor completes)",
    params: dataSourceNameParamsSchema,
    query: withClientQuery({}),
    response: { 200: sourceSchemaResponseSchema, ...managementErrors, 503: apiErrorSchema },
  }),
  listQueryLog: endpoint(apiRoutes.listQueryLog, {
    tags: dataTags,
    summary: 'The runs of report SQL, newest first (kept 30 days)',
    query: queryLogQuerySchema,
    response: { 200: queryLogResponseSchema, ...managementErrors },
  }),
  previewUpload: endpoint(apiRoutes.previewUpload, {
    tags: ['management: data'],
    summary:
      'Read the first rows of a CSV or XLSX file: separator, encoding, sheets, columns and their types',
    description:
      'multipart/form-data: the fields `valueStyle` (`en`, `de`; detected when absent) and `sheet` (XLSX), then ' +
      '`file`. Nothing is stored. 400 with `error.detail`: a cell over 32,767 characters (its row and column); ' +
      '413: the file is over 200 MB or an XLSX file unpacks to more than 100 times its size; 415: not multipart.',
    params: dataSourceNameParamsSchema,
    query: withClientQuery({}),
    consumes: multipart,
    body: uploadPreviewForm,
    response: {
      200: uploadPreviewResponseSchema,
      ...managementErrors,
      400: uploadErrorSchema,
      413: apiErrorSchema,
      415: apiErrorSchema,
    },
  }),
  uploadTable: endpoint(apiRoutes.uploadTable, {
    tags: ['management: data'],
    summary:
      "Import a CSV or XLSX file into a table of the organisation's uploaded tables (replace or append)",
    description:
      'multipart/form-data: the field `options` (JSON, `UploadOptions`) before `file`. One transaction: a bad ' +
      'value imports nothing and answers 400 with `error.detail` naming its row as a spreadsheet shows it, ' +
      'its column and value (a cell over 32,767 characters: the column letter). 413: over ' +
      '1,000,000 rows or 200 MB, or an XLSX file unpacking to more than 100 times its size; 415: not multipart.',
    params: dataSourceNameParamsSchema,
    query: withClientQuery({}),
    consumes: multipart,
    body: uploadTableForm,
    response: {
      200: uploadResultSchema,
      ...managementErrors,
      400: uploadErrorSchema,
      413: apiErrorSchema,
      415: apiErrorSchema,
    },
  }),
  listUploadedTables: endpoint(apiRoutes.listUploadedTables, {
    tags: ['management: data'],
    summary: 'The uploaded tables of an `uploads` data source: columns and row counts',
    params: dataSourceNameParamsSchema,
    query: withClientQuery({}),
    response: { 200: uploadedTablesResponseSchema, ...managementErrors },
  }),
  removeUploadedTable: endpoint(apiRoutes.removeUploadedTable, {
    tags: ['management: data'],
    summary: 'Remove an uploaded table and its rows',
    params: uploadedTableParamsSchema,
    query: withClientQuery({}),
    response: { 204: z.null(), ...managementErrors },
  }),
  listRowRules: endpoint(apiRoutes.listRowRules, {
    tags: dataTags,
    summary: "The source's row rules: per table, 'column = user attribute' (decision 044)",
    params: dataSourceNameParamsSchema,
    query: withClientQuery({}),
    response: { 200: rowRulesResponseSchema, ...managementErrors },
  }),
  createRowRule: endpoint(apiRoutes.createRowRule, {
    tags: dataTags,
    summary: 'Add a row rule: every definition reading the table is filtered by the user attribute',
    description: '409: the table and column have a rule already.',
    params: dataSourceNameParamsSchema,
    query: withClientQuery({}),
    body: rowRuleBodySchema,
    response: { 201: rowRuleSchema, ...managementErrors },
  }),
  updateRowRule: endpoint(apiRoutes.updateRowRule, {
    tags: dataTags,
    summary: 'Change a row rule',
    params: rowRuleParamsSchema,
    query: withClientQuery({}),
    body: rowRuleBodySchema,
    response: { 200: rowRuleSchema, ...managementErrors },
  }),
  deleteRowRule: endpoint(apiRoutes.deleteRowRule, {
    tags: dataTags,
    summary: 'Remove a row rule',
    params: rowRuleParamsSchema,
    query: withClientQuery({}),
    response: { 204: z.null(), ...managementErrors },
  }),
} as const;
