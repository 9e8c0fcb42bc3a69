import { PgBoss, fromPglite } from 'pg-boss';
import type pg from 'pg';
import type { App } from '../app-types';
import { embeddedClient } from '../db/database';
import { declaredPlugin, pluginNames } from './declared-plugin';

// Durable background work (decision 029): pg-boss keeps jobs, retries and schedules in the cockpit's own
// database (its schema `pgboss`). On PostgreSQL every server process shares them — a job is fetched by one
// process only (SKIP LOCKED), a schedule fires once however many processes run. On the embedded PGlite
// the library's own adapter (`fromPglite`, backend `pglite`) runs the same SQL through the client of
// PGlite's worker thread (decision 039), which answers query, exec and listen as PGlite does.

export interface BackgroundJobs {
  /** Whether this process works jobs and runs schedules (BACKGROUND_JOBS). */
  readonly working: boolean;
  /** The started pg-boss instance; without workers it starts on first use (to queue jobs only). */
  boss(): Promise<PgBoss>;
  /** Called with the started instance when this process works jobs: features register their workers. */
  onWorking(register: (boss: PgBoss) => Promise<void>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: BackgroundJobs;
  }
}

export const jobsSchema = 'pgboss';

function bossFor(app: App): PgBoss {
  const embedded = embeddedClient(app.db);
  const working = app.config.backgroundJobs;
  const common = {
    schema: jobsSchema,
    // Schedules and maintenance only where jobs are worked; a queue-only process sends jobs and reads.
    schedule: working,
    // A schedule falls due within 5 s of its minute (the library's default check: 30 s), and what fell
    // due is sent in batches of 50 every second (default: every 5 s — 1,000 subscriptions due at 8:00
    // would otherwise start over 100 s).
    cronMonitorIntervalSeconds: 5,
    cronWorkerIntervalSeconds: 1,
    supervise: working,
    // Timed-out jobs and jobs whose worker died (no heartbeat) are failed — and so retried — by these passes.
    superviseIntervalSeconds: app.config.jobsMonitorIntervalSeconds,
    monitorIntervalSeconds: app.config.jobsMonitorIntervalSeconds,
  } as const;
  if (embedded) {
    return new PgBoss({ ...common, db: fromPglite(embedded), backend: 'pglite' });
  }
  const pool = (app.db as { $client?: unknown }).$client as pg.Pool;
  return new PgBoss({
    ...common,
    connectionString: pool.options.connectionString,
    max: 4,
    application_name: 'cockpit-jobs',
  });
}

/** `app.jobs` under its declared name: pg-boss keeps its jobs in the database (decision 029). */
export const backgroundJobsPlugin = declaredPlugin(
  pluginNames.backgroundJobs,
  [pluginNames.database],
  (app) => registerBackgroundJobs(app),
);

function registerBackgroundJobs(app: App): void {
  const registrations: ((boss: PgBoss) => Promise<void>)[] = [];
  let started: Promise<PgBoss> | null = null;
  let instance: PgBoss | null = null;

  /** The started instance (without this process's workers: they register once it is up). */
  const start = () => {
    started ??= (async () => {
      const boss = bossFor(app);
      boss.on('error', (error) => app.log.error({ err: error }, 'background jobs: error'));
      await boss.start();
      instance = boss;
      return boss;
    })();
    return started;
  };

  const startWorking = async () => {
    const boss = await start();
    for (const register of registrations) await register(boss);
  };

  app.decorate('jobs', {
    working: app.config.backgroundJobs,
    boss: start,
    onWorking: (register) => {
      registrations.push(register);
    },
  } satisfies BackgroundJobs);

  // After migrations (main.ts migrates before listen; tests before building the app).
  if (app.config.backgroundJobs) {
    app.addHook('onReady', startWorking);
  }
  // Workers finish their current job (up to the graceful wait), then the connections close.
  app.addHook('onClose', async () => {
    if (!started) return;
    await started.catch(() => undefined);
    await instance?.stop({ graceful: true, timeout: 10_000 }).catch((error: unknown) => {
      app.log.error({ err: error }, 'background jobs: stopping failed');
    });
  });
}
