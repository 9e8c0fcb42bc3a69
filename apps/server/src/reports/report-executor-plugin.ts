import { type UserAttributes, isAdministrator } from '@cockpit/contracts';
import { and, eq } from 'drizzle-orm';
import type { App } from '../app-types';
import { readUserAttributes } from '../auth/user-attributes';
import { dataSources, user } from '../db/core-tables';
import { createDataSourcePasswords, openedSource } from '../data-sources';
import type { NameResolver } from '../lib/name-resolver';
import { type DefinitionRunner, type RunSettled, createDefinitionRunner } from './definition-runner';
import { type Executor, type ExecutorSource, createExecutor } from './executor/executor';
import { createDataSourceHostPolicy, ownDatabaseOf } from './executor/host-policy';
import { declaredPlugin, pluginNames } from '../plugins/declared-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** THE executor of report SQL (decision 027): every caller runs definitions through it. */
    executor: Executor;
    /** Runs a report definition for a reader: source, user attributes, choices, visuals (decision 027). */
    reportRunner: DefinitionRunner;
  }
}

/**
 * One executor per process, with the operator's DATA_SOURCE_HOSTS rule and the metrics registry, closed
 * with the app; and the definition runner that the report page, tiles and previews share.
 */
export const reportExecutorPlugin = declaredPlugin<ReportExecutorOptions>(
  pluginNames.reportExecutor,
  // Its per-source series join the metrics' registry; every run counts against the per-user report limits.
  [pluginNames.database, pluginNames.metrics, pluginNames.reportQueryLimits],
  (app, { nameResolver, settled }) => registerReportExecutor(app, nameResolver, settled),
);

export interface ReportExecutorOptions {
  /** DNS answers for the DATA_SOURCE_HOSTS rule; the system's by default. */
  nameResolver?: NameResolver;
  /** Told how each reader's run ended: a broken definition's owners are told once (decision 046). */
  settled?: RunSettled;
}

function registerReportExecutor(
  app: App,
  nameResolver: NameResolver | undefined,
  settled: RunSettled | undefined,
): void {
  const { db, config } = app;
  const executor = createExecutor({
    db,
    log: app.log,
    registry: app.metrics.registry,
    // The per-user and global report limits (decision 009) are a step of every run (decision 038).
    concurrency: app.reportQueryLimiter,
    // Reports over the cockpit's own database (uploaded tables, the demo data) share it with every request:
    // they are bounded like every report query there (REPORT_STATEMENT_TIMEOUT_MS, README).
    uploadsStatementTimeoutSeconds: config.reportLimits.statementTimeoutMs / 1000,
    hostPolicy: createDataSourceHostPolicy({
      allowed: config.dataSourceHosts,
      ownDatabase: ownDatabaseOf(config.databaseUrl),
      ...(nameResolver ? { resolver: nameResolver } : {}),
    }),
  });
  const passwords = createDataSourcePasswords(config.authSecret);

  /** The organisation's data source as the executor connects to it: its password opened for this run. */
  const loadSource = async (organisationId: string, sourceId: string): Promise<ExecutorSource | null> => {
    const [row] = await db
      .select()
      .from(dataSources)
      .where(and(eq(dataSources.organisationId, organisationId), eq(dataSources.id, sourceId)));
    return row ? openedSource(row, passwords) : null;
  };

  /** The reader's attributes; stored ones that no longer parse count as none (auth/user-attributes.ts). */
  const attributesOf = async (userId: string): Promise<UserAttributes> =>
    (await readUserAttributes(db, [userId])).get(userId)?.attributes ?? {};

  /** Whether the reader administers the organisation: row rules marked so let them see all rows (decision 044). */
  const administratorOf = async (userId: string): Promise<boolean> => {
    const [row] = await db.select({ roleKey: user.roleKey }).from(user).where(eq(user.id, userId));
    return row ? isAdministrator(row) : false;
  };

  app.decorate('executor', executor);
  app.decorate(
    'reportRunner',
    createDefinitionRunner<ExecutorSource>({
      run: (request) => executor.run({ ...request, user: request.user }),
      stream: (request) => executor.stream({ ...request, user: request.user }),
      loadSource,
      userAttributes: attributesOf,
      isAdministrator: administratorOf,
      ...(settled ? { settled } : {}),
    }),
  );
  app.addHook('onClose', () => executor.close());
}
