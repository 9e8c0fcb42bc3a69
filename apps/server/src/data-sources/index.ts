export type { CatalogueDataSources, DataSourcesProblem } from './catalogue-data-sources';
export { createDataSourcePasswords } from './data-source-passwords';
export type { DataSourceProbe, ProbedSource } from './data-source-probe';
export { storedConnection, storedKind } from './data-source-rules';
export {
  catalogueDataSources,
  DataSourceDocumentError,
  exportDataSources,
  upsertDataSourcesFromDocument,
} from './data-sources-catalogue';
export { dataSourcesRoutes } from './data-sources-routes';
export { uploadsSchemaName } from './uploads-schema';
export { quoted } from './uploads/uploaded-tables-repository';
export { type OpenedSource, openedSource } from './opened-source';
export { readRowRules, type StoredRowRule } from './row-rules-repository';
export * from './data-sources-schema';
export * from './row-rules-schema';
