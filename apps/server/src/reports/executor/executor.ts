import { performance } from 'node:perf_hooks';
import {
  type DataSourceKind,
  type DataSourceTestResponse,
  type DefinitionParameter,
  type SourceSchemaResponse,
  dataSourceDefaults,
} from '@cockpit/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Registry } from 'prom-client';
import { type StoredRowRule, readRowRules } from '../../data-sources';
import type { Database } from '../../db/database';
import type { ExecutorSource, QueryResult, ResultStream, RunRequest } from './executor-types';
import { type SourceLabels, createExecutorMetrics } from './executor-metrics';
import type { DataSourceHostPolicy } from './host-policy';
import { createQueryLogWriter } from './query-log';
import { type ResultCacheOptions, createResultCache } from './result-cache';
import { type SourceDriver, createDriverRegistry, driverOf } from './source-drivers';
import { bindStep } from './steps/bind-step';
import { cacheStep } from './steps/cache-step';
import { optionValues, optionsDefinition, optionsRowLimit } from './steps/choice-options';
import { fetchStep } from './steps/fetch-step';
import { guardStep } from './steps/guard-step';
import { type RunConcurrency, limitStep } from './steps/limit-step';
import { logStep } from './steps/log-step';
import { metricsStep } from './steps/metrics-step';
import { rowRulesStep } from './steps/row-rules-step';
import { type Answer, type RunContext, type RunOutput, type RunStep, runSteps } from './steps/run-context';

// THE executor (docs/decisions/027-reports-over-own-data.md, 038-one-run-path.md): the only code that runs
// report SQL. Every caller — report page, tile, download, mail, alert, preview, choices — goes through
// `run` (a whole result) or `stream` (a download), and both are the same list of steps, written once:
//   guard → row rules → bind → limit → cache → run, with log and metrics around them (they see refusals too).
// A caller chooses the output, never the steps.

export type {
  ExecutorSource,
  QueryResult,
  ResultStream,
  RunDefinition,
  RunRequest,
  RunUser,
} from './executor-types';

export interface ExecutorOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** The app's metrics registry (`app.metrics.registry`); null: no metrics. */
  registry?: Registry | null;
  hostPolicy: DataSourceHostPolicy;
  /** The drivers by kind (default: PostgreSQL, MySQL/MariaDB, uploads — source-drivers.ts). */
  drivers?: ReadonlyMap<DataSourceKind, SourceDriver>;
  /** The per-user report limits (decision 009; app.reportQueryLimiter); null: none (tests of the executor alone). */
  concurrency?: RunConcurrency | null;
  cache?: ResultCacheOptions;
  /** Rows per batch read from a source (and per `stream` batch). */
  batchRows?: number;
  /**
   * Rows per batch of a stream (a download; default 1,000, at most `batchRows`): small, so each batch is
   * read, written out and dropped before the next one comes — the memory a 1,000,000-row download needs
   * stays flat (a batch of 5,000 lived long enough to reach the old generation).
   */
  streamBatchRows?: number;
  /** The statement timeout of uploaded tables (they have no connection settings; the app passes REPORT_STATEMENT_TIMEOUT_MS); default 30 s. */
  uploadsStatementTimeoutSeconds?: number;
  /** Added to the statement timeout for the wall-clock deadline (default 500 ms). */
  deadlineMarginMs?: number;
  /** A source's row rules (decision 044); default: read from the cockpit's database, remembered per source version. */
  rowRules?: (source: ExecutorSource) => Promise<readonly StoredRowRule[]>;
}

export interface Executor {
  run(request: RunRequest): Promise<QueryResult>;
  stream(request: RunRequest): Promise<ResultStream>;
  /** The tables and columns of a source (the SQL editor), at most 2,000 tables. */
  describe(source: ExecutorSource): Promise<SourceSchemaResponse>;
  /** Connects, lists the tables, proves the session read-only; a failure is `ok: false` with the message. */
  test(source: ExecutorSource): Promise<DataSourceTestResponse>;
  /** The DATA_SOURCE_HOSTS rule for a host being saved: why not, or null. */
  hostProblem(
    host: string,
    target?: { kind: 'postgres' | 'mysql'; port: number; database: string },
  ): Promise<string | null>;
  /** The source changed or was removed: its pools on this instance close. */
  forget(source: { id: string }): Promise<void>;
  close(): Promise<void>;
  /** The steps every run passes, in order (tests, docs/decisions/038-one-run-path.md). */
  readonly steps: readonly RunStep['name'][];
}

export function createExecutor(options: ExecutorOptions): Executor {
  const { db, log } = options;
  const batchRows = options.batchRows ?? 5_000;
  const streamBatchRows = Math.min(batchRows, options.streamBatchRows ?? 1_000);
  const drivers = options.drivers ?? createDriverRegistry({ db, hostPolicy: options.hostPolicy });
  const cache = createResultCache(options.cache);
  const writeLog = createQueryLogWriter(db, log);
  /** Query log entries being written: a successful run answers without waiting for its entry. */
  const pendingLogs = new Set<Promise<void>>();
  const sourceLabels = new Map<string, SourceLabels>();
  const labelsOf = (source: ExecutorSource): SourceLabels => {
    const labels = { organisation: source.organisationId, data_source: source.name };
    sourceLabels.set(source.id, labels);
    return labels;
  };
  // Every change of a rule bumps its source's version: a version's rules never change.
  const rememberedRules = new LRUCache<string, readonly StoredRowRule[]>({ max: 1_000 });
  const rowRulesOf =
    options.rowRules ??
    (async (source: ExecutorSource) => {
      const key = `${source.id}:${source.version}`;
      const known = rememberedRules.get(key);
      if (known) return known;
      const rules = await readRowRules(db, source.id);
      rememberedRules.set(key, rules);
      return rules;
    });
  const metrics = createExecutorMetrics(options.registry ?? null, () => {
    const counts: { labels: SourceLabels; count: number }[] = [];
    for (const driver of new Set(drivers.values())) {
      for (const [id, count] of driver.connectionsInUse()) {
        const labels = sourceLabels.get(id);
        if (labels) counts.push({ labels, count });
      }
    }
    return counts;
  });

  /** The reader's options of a choice from a query: the same path, as the reader, cached like an answer. */
  const optionsOf = async (context: RunContext, parameter: DefinitionParameter): Promise<string[]> => {
    const { request } = context;
    const result = await run({
      source: request.source,
      definition: optionsDefinition(request.definition, parameter),
      values: {},
      today: request.today,
      user: request.user,
      purpose: 'choices',
      target: request.target ?? request.definition.name,
      rowLimit: optionsRowLimit,
    });
    return optionValues(result.rows);
  };

  // THE run path, in order (decision 038). Log and metrics come first so they see every outcome.
  const steps: RunStep[] = [
    metricsStep(metrics, labelsOf),
    logStep({
      log,
      write(entry) {
        const written = writeLog(entry);
        pendingLogs.add(written);
        void written.finally(() => pendingLogs.delete(written));
        return written;
      },
    }),
    guardStep({ optionsOf }),
    rowRulesStep({ rulesOf: rowRulesOf }),
    bindStep,
    limitStep({
      concurrency: options.concurrency ?? null,
      uploadsStatementTimeoutSeconds:
        options.uploadsStatementTimeoutSeconds ?? dataSourceDefaults.statementTimeoutSeconds,
      batchRows,
      streamBatchRows,
      ...(options.deadlineMarginMs !== undefined ? { deadlineMarginMs: options.deadlineMarginMs } : {}),
    }),
    cacheStep(cache),
    fetchStep({ batchRows, streamBatchRows }),
  ];

  const answer = (request: RunRequest, output: RunOutput): Promise<Answer> =>
    runSteps(steps, {
      request,
      output,
      started: performance.now(),
      // Looked up when a step needs it, inside log and metrics: a kind without a driver is logged too.
      get driver() {
        return driverOf(drivers, request.source);
      },
    });

  async function run(request: RunRequest): Promise<QueryResult> {
    const answered = await answer(request, 'rows');
    if (answered.output !== 'rows') throw new Error('the run path answered a stream for rows');
    return answered.result;
  }

  async function stream(request: RunRequest): Promise<ResultStream> {
    const answered = await answer(request, 'stream');
    if (answered.output !== 'stream') throw new Error('the run path answered rows for a stream');
    return answered.stream;
  }

  return {
    run,
    stream,
    describe: (source) => driverOf(drivers, source).describe(source),
    test: (source) => driverOf(drivers, source).test(source),
    hostProblem: (host, target) => options.hostPolicy.problem(host, target),
    async forget(source) {
      await Promise.all([...new Set(drivers.values())].map((driver) => driver.forget(source.id)));
    },
    async close() {
      cache.clear();
      await Promise.all([...pendingLogs]);
      await Promise.all([...new Set(drivers.values())].map((driver) => driver.close()));
    },
    steps: steps.map((step) => step.name),
  };
}
