import type { DataSourceTestResponse, SourceSchemaResponse } from '@cockpit/contracts';
import type { OpenedSource } from './opened-source';

/** A data source as the executor connects to it (opened-source.ts). */
export type ProbedSource = OpenedSource;

/**
 * What management → Data needs of the executor (reports/executor, the only code that connects to a
 * data source). app.ts wires it; the tests may pass their own.
 */
export interface DataSourceProbe {
  /** Connects, lists the tables and proves the session is read-only; a failure is `ok: false`. */
  test(source: ProbedSource): Promise<DataSourceTestResponse>;
  /** The tables and columns of the source (the SQL editor's completion). */
  describe(source: ProbedSource): Promise<SourceSchemaResponse>;
  /**
   * The host rule of `DATA_SOURCE_HOSTS` (decision 027), checked when a source is saved: resolves with
   * `null` when connections to `host` (and, given `target`, that database on it) are allowed, else with
   * why not (shown to the administrator).
   */
  hostProblem(
    host: string,
    target?: { kind: 'postgres' | 'mysql'; port: number; database: string },
  ): Promise<string | null>;
  /** The source changed or was removed: its pools on this instance close. */
  forget(source: { id: string }): Promise<void> | void;
}
