import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openConfiguredDatabase } from './db/database';
import { demoSignIns } from './seed/demo-data';
import { describeSalesSeed } from './seed/reports-seed';
import { seedDemoData } from './seed/seed';

// `npm start`: configuration → database → migrations → demo seed → HTTP server (README "Run it").

/** In-flight requests get this long after SIGTERM (orchestrators usually wait 30 s before SIGKILL). */
const shutdownTimeoutMs = 20_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const database = await openConfiguredDatabase(config);
  const app = await buildApp({ config, db: database.db, listen: database.listen, databaseStatus: database });
  const log = app.log;

  // Graceful shutdown (decision 028): app.close() stops accepting connections, answers requests arriving
  // meanwhile with 503, waits for in-flight ones, and runs the onClose hooks (notification streams end,
  // Redis disconnects); then the pool closes. A hung request cannot keep the process alive for ever.
  let closing = false;
  const shutdown = async (signal: string, failed = false) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const forceExit = setTimeout(() => {
      log.error({ afterMs: shutdownTimeoutMs }, 'shutdown took too long, exiting');
      process.exit(1);
    }, shutdownTimeoutMs);
    forceExit.unref();
    let exitCode = failed ? 1 : 0;
    try {
      await app.close();
    } catch (error) {
      exitCode = 1;
      log.error({ err: error }, 'closing the HTTP server failed');
    }
    try {
      await database.close();
    } catch (error) {
      exitCode = 1;
      log.error({ err: error }, 'closing the database failed');
    }
    log.info('shut down');
    process.exit(exitCode);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  // The embedded database's worker thread died (decision 039): every query fails from now on, so the
  // server stops (exit code 1) for its supervisor to start it again on the data PGlite committed.
  database.onStopped((error) => {
    log.fatal(
      { err: error },
      `The embedded database stopped unexpectedly, so the server stops: ${error.message}`,
    );
    void shutdown('database stopped', true);
  });

  let salesSummary: string | null = null;
  /** The demo sign-ins are printed only by the start that created the demo accounts (decision 009). */
  let demoAccountsCreated = false;
  try {
    log.info({ driver: database.driver }, 'applying database migrations');
    // Instances started at once take turns (an advisory lock, decision 019): each migration runs once.
    const applied = await database.migrate();
    log.info({ applied }, applied > 0 ? 'database migrations applied' : 'database schema up to date');
    if (config.seedDemo) {
      const summary = await database.exclusive('demo-seed', () =>
        seedDemoData(database.db, undefined, {
          salesRows: config.seedSalesRows,
          log: (message) => log.info(message),
        }),
      );
      log.info(summary, 'demo data ready');
      demoAccountsCreated = summary.usersCreated > 0;
      salesSummary = summary.reports ? describeSalesSeed(summary.reports) : null;
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    log.fatal({ err: error }, 'start-up failed');
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(1);
  }

  // Since the process started, module loading included.
  const seconds = Number(process.uptime().toFixed(1));
  const databaseName = database.driver === 'pg' ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  if (config.nodeEnv === 'production') {
    // Production logs are JSON lines (log collectors parse each line): no banner, and never passwords.
    log.info(
      { url: config.publicUrl, startedInSeconds: seconds, database: databaseName },
      'Report Cockpit is running',
    );
    if (demoAccountsCreated) {
      log.warn(
        { event: 'seed.demo_accounts_created' },
        'SEED_DEMO=true in production: the demo accounts (README "Run it") have published passwords',
      );
    }
    return;
  }
  const lines = [
    '',
    `  Report Cockpit is running at ${config.publicUrl}  (started in ${seconds} s, database: ${databaseName})`,
    `  API documentation: ${config.publicUrl}/api/docs`,
  ];
  if (salesSummary) lines.push(`  ${salesSummary}`);
  if (demoAccountsCreated) {
    // Only on the start that created them: later starts do not repeat passwords (README "Run it").
    lines.push('  Demo sign-ins:');
    for (const signIn of demoSignIns) {
      lines.push(
        `    ${signIn.email.padEnd(24)} ${signIn.password.padEnd(18)} ${signIn.name} (${signIn.organisation})`,
      );
    }
  }
  console.log(`${lines.join('\n')}\n`);
}

void main();
