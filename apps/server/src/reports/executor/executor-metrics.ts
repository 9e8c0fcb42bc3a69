import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

// Metrics per data source on /metrics (decision 027; decision 018 for the registry): runs (cache hits
// too), errors by kind, the duration of runs that reached the source, connections running a query now.

export interface ExecutorMetrics {
  run(labels: SourceLabels, cache: 'hit' | 'miss'): void;
  error(labels: SourceLabels, kind: string): void;
  duration(labels: SourceLabels, seconds: number): void;
}

export interface SourceLabels {
  organisation: string;
  data_source: string;
}

const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export function createExecutorMetrics(
  registry: Registry | null,
  connectionsInUse: () => { labels: SourceLabels; count: number }[],
): ExecutorMetrics {
  if (!registry) return { run() {}, error() {}, duration() {} };
  const labelNames = ['organisation', 'data_source'] as const;
  const runs = new Counter({
    name: 'cockpit_data_source_runs_total',
    help: 'Report query runs per data source, by cache result (hit, miss)',
    labelNames: [...labelNames, 'cache'] as const,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'cockpit_data_source_errors_total',
    help: 'Failed report query runs per data source, by kind (refused, timeout, unavailable, failed, attribute)',
    labelNames: [...labelNames, 'kind'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'cockpit_data_source_query_duration_seconds',
    help: 'Duration of report query runs that reached the data source',
    labelNames,
    buckets,
    registers: [registry],
  });
  new Gauge({
    name: 'cockpit_data_source_connections_in_use',
    help: 'Connections of a data source running a report query now (this instance)',
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const { labels, count } of connectionsInUse()) this.set(labels, count);
    },
  });
  return {
    run: (labels, cache) => runs.inc({ ...labels, cache }),
    error: (labels, kind) => errors.inc({ ...labels, kind }),
    duration: (labels, seconds) => durations.observe(labels, seconds),
  };
}
