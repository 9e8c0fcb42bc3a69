import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { apiRoutes, authApiPrefix } from '@cockpit/contracts';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyRequest } from 'fastify';
import type { App } from '../app-types';
import type { DatabaseHandle, PoolStats } from '../db/database';
import { guardedCacheLookups } from '../lib/guarded-cache';
import { integrityRequirementOf } from '../auth/account-policy';
import { declaredPlugin, pluginNames } from './declared-plugin';

/** Where Prometheus scrapes (decision 018). */
export const metricsPath = '/metrics';

/**
 * What the rest of the server reports to the metrics (decision 018). Always decorated, so features need
 * no "is it on" checks; when metrics are off nothing is served and the per-request hook is not added.
 */
export interface Metrics {
  readonly enabled: boolean;
  readonly registry: Registry;
  /** Adds a source of open notification streams (each app's NotificationStreams); returns the remover. */
  addOpenStreams(read: () => number): () => void;
  /** Seconds from a change notice reaching this process to its event being written to the streams. */
  observeDeliveryLag(seconds: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus instruments (plugins/metrics.ts). */
    metrics: Metrics;
  }
}

const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const lagBuckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison of `Authorization: Bearer <token>` with the configured token. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+)$/.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Prometheus metrics in one registry per app: request durations by route and status, open notification
 * streams, delivery lag, the database pool, guarded-cache hits and misses, sign-in failures, 429s and
 * integrity verifications, plus Node's process metrics. Served on a port of its own (METRICS_PORT), or at
 * `GET /metrics` on the API port for the configured bearer token (features/health/metrics-routes.ts); off
 * when neither is configured.
 */
export const metricsPlugin = declaredPlugin<MetricsOptions>(
  pluginNames.metrics,
  [],
  (app, { databaseStatus }) => registerMetrics(app, databaseStatus),
);

export interface MetricsOptions {
  /** The database pool's numbers; without them (PGlite) there are no pool series. */
  databaseStatus?: Pick<DatabaseHandle, 'poolStats'>;
}

function registerMetrics(app: App, databaseStatus: Pick<DatabaseHandle, 'poolStats'> | undefined): void {
  const settings = app.config.metrics;
  const registry = new Registry();
  const streamSources = new Set<() => number>();

  const deliveryLag = new Histogram({
    name: 'cockpit_notification_delivery_lag_seconds',
    help: 'Time from a notification change notice reaching this process to its event being written to the open streams',
    buckets: lagBuckets,
    registers: [registry],
  });

  app.decorate('metrics', {
    enabled: settings !== null,
    registry,
    addOpenStreams(read) {
      streamSources.add(read);
      return () => streamSources.delete(read);
    },
    observeDeliveryLag(seconds) {
      if (settings) deliveryLag.observe(seconds);
    },
  } satisfies Metrics);
  if (!settings) return;

  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'cockpit_http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: durationBuckets,
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: 'cockpit_sign_in_failures_total',
    help: 'Refused sign-ins (wrong credentials, deactivated account, missing integrity token) by status',
    labelNames: ['status_code'] as const,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'cockpit_rate_limited_total',
    help: 'Requests answered 429 (sign-in limits, rate limits) by route pattern',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const integrityVerifications = new Counter({
    name: 'cockpit_integrity_verifications_total',
    help: 'Proof-of-work verifications by result (accepted, refused)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'cockpit_notification_streams_open',
    help: 'Open notification streams (server-sent events) in this process',
    registers: [registry],
    collect() {
      let open = 0;
      for (const read of streamSources) open += read();
      this.set(open);
    },
  });
  new Counter({
    name: 'cockpit_cache_lookups_total',
    help: 'Lookups of the in-memory caches (decision 014) by cache and result (hit, miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      // Counted by the caches themselves (lib/guarded-cache.ts); copied here when scraped.
      this.reset();
      for (const [cache, { hits, misses }] of guardedCacheLookups()) {
        this.inc({ cache, result: 'hit' }, hits);
        this.inc({ cache, result: 'miss' }, misses);
      }
    },
  });
  const poolStats = databaseStatus?.poolStats;
  if (poolStats) {
    const pool = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          const stats = poolStats();
          if (stats) this.set(read(stats));
        },
      });
    pool('cockpit_db_pool_connections', 'Open connections of the database pool', (s) => s.total);
    pool('cockpit_db_pool_in_use', 'Pool connections running a query now', (s) => s.total - s.idle);
    pool('cockpit_db_pool_waiting', 'Queries waiting for a free pool connection', (s) => s.waiting);
    pool('cockpit_db_pool_max', 'Largest number of connections the pool opens', (s) => s.max);
  }

  // The duration series of each method, route and status, looked up instead of built per request
  // (decision 028: prom-client then hashes the labels it is given, but no label object or status text
  // is made for it).
  type DurationSeries = ReturnType<typeof requestDuration.labels>;
  const durationSeries = new Map<string, Map<string, Map<number, DurationSeries>>>();
  const durationSeriesOf = (method: string, route: string, status: number): DurationSeries => {
    let byMethod = durationSeries.get(route);
    if (!byMethod) durationSeries.set(route, (byMethod = new Map<string, Map<number, DurationSeries>>()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map<number, DurationSeries>()));
    let series = byStatus.get(status);
    if (!series) byStatus.set(status, (series = requestDuration.labels(method, route, String(status))));
    return series;
  };

  // Synchronous: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    durationSeriesOf(request.method, route, status).observe(reply.elapsedTime / 1000);
    if (status === 429) rateLimited.inc({ route });
    countSignInsAndVerifications(request, route, status);
    done();
  });

  const countSignInsAndVerifications = (request: FastifyRequest, route: string, status: number) => {
    if (request.method !== 'POST') return;
    // However the path is spelled (the sign-in guard's own normalisation).
    const signIn =
      route === `${authApiPrefix}/*` &&
      integrityRequirementOf(request.url.split('?', 1)[0] ?? '') === 'sign-in';
    if (signIn && status >= 400 && status < 500 && status !== 429) {
      signInFailures.inc({ status_code: String(status) });
    } else if (route === apiRoutes.verifyIntegrity.path && status !== 429) {
      integrityVerifications.inc({ result: status === 200 ? 'accepted' : 'refused' });
    }
  };

  // On the API port it is a route among the others (features/health/metrics-routes.ts).
  if (settings.port === null) return;
  const token = settings.token;

  // On a port of its own: a plain HTTP server with one path, outside the API's hooks and rate limits.
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?', 1)[0];
    if (req.method !== 'GET' || path !== metricsPath) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (token && !bearerMatches(req.headers.authorization, token)) {
      res
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
        .end('unauthorized\n');
      return;
    }
    registry.metrics().then(
      (text) =>
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics: collecting failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('collecting metrics failed\n');
      },
    );
  });
  app.addHook('onListen', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port ?? 0, settings.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    app.log.info({ host: settings.host, port: settings.port }, 'metrics: serving /metrics on its own port');
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    const closed = new Promise((resolve) => server.close(resolve));
    // A scraper's idle keep-alive connection must not hold the shutdown up.
    server.closeAllConnections();
    await closed;
  });
}
