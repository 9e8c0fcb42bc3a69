import { performance } from 'node:perf_hooks';

// The wall-clock deadline of a run (docs/decisions/038-one-run-path.md): the time a run may spend waiting
// on its database, counted only while it waits — a download's client reading slowly between batches does
// not use it up. When it runs out the signal aborts: the driver cancels the statement (pg: a cancel
// request; mysql2: KILL QUERY; PGlite: refused before the next batch). It adds up a stream's batches, each of
// which the server times on its own, and holds even where the server's own timeout was turned off.

export class Deadline {
  readonly #controller = new AbortController();
  readonly #budgetMs: number;
  readonly #now: () => number;
  #spentMs = 0;
  #since: number | null = null;
  #timer: NodeJS.Timeout | null = null;

  constructor(budgetMs: number, now: () => number = () => performance.now()) {
    this.#budgetMs = budgetMs;
    this.#now = now;
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get expired(): boolean {
    return this.#controller.signal.aborted;
  }

  /** Milliseconds of waiting on the database so far. */
  get spentMs(): number {
    return this.#spentMs + (this.#since === null ? 0 : this.#now() - this.#since);
  }

  /** Waiting on the database starts: the clock runs. */
  enter(): void {
    if (this.#since !== null || this.expired) return;
    const left = this.#budgetMs - this.#spentMs;
    if (left <= 0) {
      this.#controller.abort();
      return;
    }
    this.#since = this.#now();
    this.#timer = setTimeout(() => this.#controller.abort(), left);
  }

  /** The database answered: the clock stops. */
  leave(): void {
    if (this.#since === null) return;
    this.#spentMs += this.#now() - this.#since;
    this.#since = null;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /**
   * `work` (a statement or a batch) with the clock running. Past the deadline the driver was told to
   * cancel; whatever `work` then ends with, the run is `late()` — and if the driver cannot stop it
   * (PGlite runs a statement to its end), the caller gets `late()` after `graceMs` and `discard` gets the
   * value that arrives afterwards (a cursor to close).
   */
  async within<T>(
    work: () => Promise<T>,
    late: () => Error,
    options: { graceMs?: number; discard?: (value: T) => void } = {},
  ): Promise<T> {
    this.enter();
    if (this.expired) throw late();
    const running = work();
    let onAbort: (() => void) | null = null;
    const aborted = new Promise<'late'>((resolve) => {
      onAbort = () => setTimeout(() => resolve('late'), options.graceMs ?? 2_000).unref();
      this.signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const first = await Promise.race([running.then((value) => ({ value })), aborted]);
      if (first === 'late') {
        void running.then(
          (value) => options.discard?.(value),
          () => {},
        );
        throw late();
      }
      return first.value;
    } catch (error) {
      // A statement cancelled for the deadline fails with the database's own error (or a dropped connection).
      if (this.expired) throw late();
      throw error;
    } finally {
      if (onAbort) this.signal.removeEventListener('abort', onAbort);
      this.leave();
    }
  }

  /** Stops the clock for good (the run is over). */
  end(): void {
    this.leave();
  }
}
