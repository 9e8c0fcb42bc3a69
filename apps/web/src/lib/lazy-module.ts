/**
 * A module that is not part of the app's entry: imported with `import()` when first needed, or earlier
 * with `prefetch()` so that it is there by the time it is needed. Every caller shares the one import.
 * A failed import (the chunk could not be downloaded) is not remembered: the next `load()` tries again.
 *
 * Used for what the login route does not need to *show* itself — the session, the route guards, the app
 * integrity check — so it stays out of that route's download (bundle budget, decision 011).
 */
export type LazyModule<T> = {
  /** The module; starts the import if none has started yet. */
  load(): Promise<T>;
  /** Starts the import without waiting for it; a failure is left to the next `load()`. */
  prefetch(): void;
};

export function lazyModule<T>(importModule: () => Promise<T>): LazyModule<T> {
  let loading: Promise<T> | undefined;
  const load = (): Promise<T> => {
    loading ??= importModule().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    load,
    prefetch: () => {
      load().catch(() => undefined);
    },
  };
}
