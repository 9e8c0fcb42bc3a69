export { addDays, addYears, daysBetween, utcToday } from './calendar';
export {
  createDefinitionRunner,
  type DefinitionRunner,
  DefinitionUnusable,
  parseStoredDefinition,
  previousPeriodOf,
  type Reader,
  type RunnableSource,
  type RunRequestOf,
  type RunResult,
  type RunSettled,
  type RunStream,
  valuesFromQuery,
} from './definition-runner';
export { cellOf, columnOf, valueColumnOf, VisualMisfit } from './definition-visuals';
export { mysqlRefusedPrivileges } from './executor/account-privileges';
export type { StatementRun } from './executor/driver-types';
export { createExecutor, type Executor, type ExecutorSource, type RunRequest } from './executor/executor';
export {
  executorHttpError,
  MissingUserAttribute,
  QueryTimedOut,
  RowRuleAttributeMissing,
  SourceQueryFailed,
  SourceUnavailable,
} from './executor/executor-errors';
export { checkDataSourceHost, createDataSourceHostPolicy, ownDatabaseOf } from './executor/host-policy';
export { createMysqlDriver } from './executor/mysql-driver';
export { createPostgresDriver, type DatabaseDriver, type DatabaseSource } from './executor/postgres-driver';
export { createQueryLogWriter, pruneQueryLog } from './executor/query-log';
export type { ResultColumn } from './executor/result-values';
export { createUploadsDriver } from './executor/uploads-driver';
export { isSafeExternalUrl, resolveFrameUrl } from './frame-url';
export { presetRange } from './preset-range';
export {
  type ReportResponseAnswer,
  SerializedRows,
  serializeReportResponse,
  withRowValues,
  withSerializedTable,
} from './report-answer';
export { reportExecutorPlugin } from './report-executor-plugin';
export { createReportQueryLimiter } from './report-query-limiter';
export { reportQueryLimitsPlugin } from './report-query-limits-plugin';
export {
  parameterReferenceType,
  parameterReferenceValue,
  resolveParameterValues,
} from './sql/parameter-values';
export { SqlRefused } from './sql/sql-refused';
export { type BoundValue, compileTemplate, detectParameters } from './sql/sql-template';
export { guardStatement } from './sql/statement-guard';
