// The connection pools of one database driver (postgres-driver.ts, mysql-driver.ts): one pool per
// version of a source — a changed source gets a new pool and the old one closes — and the connections
// each source has out, for the executor's metrics.

export interface SourcePools<Entry> {
  /** The pool of this version of the source, made by `create` the first time; a failed creation is tried again next time. */
  poolOf: (source: { id: string; version: number }, create: () => Promise<Entry>) => Promise<Entry>;
  /**
   * Counts a connection taken from the source's pool; the returned release counts it back once, however
   * often it is called, and hands it to `giveBack` (broken: destroy it rather than reuse it).
   */
  taken: (sourceId: string, giveBack: (broken: boolean) => void) => (broken: boolean) => void;
  connectionsInUse: () => Map<string, number>;
  /** The source changed or was removed: its pools close. */
  forget: (sourceId: string) => Promise<void>;
  close: () => Promise<void>;
}

export function createSourcePools<Entry>(end: (entry: Entry) => Promise<void>): SourcePools<Entry> {
  const pools = new Map<string, Promise<Entry>>();
  const inUse = new Map<string, number>();
  const ended = (entry: Promise<Entry>) => entry.then(end).catch(() => {});

  return {
    poolOf(source, create) {
      const key = `${source.id}:${source.version}`;
      const existing = pools.get(key);
      if (existing) return existing;
      // A new version of the source: the old version's pool closes.
      for (const [other, entry] of pools) {
        if (other.startsWith(`${source.id}:`)) {
          pools.delete(other);
          void ended(entry);
        }
      }
      const created = create();
      pools.set(key, created);
      // A refused host is asked again next time (the operator may have listed it meanwhile).
      created.catch(() => pools.delete(key));
      return created;
    },

    taken(sourceId, giveBack) {
      inUse.set(sourceId, (inUse.get(sourceId) ?? 0) + 1);
      let released = false;
      return (broken) => {
        if (released) return;
        released = true;
        inUse.set(sourceId, (inUse.get(sourceId) ?? 1) - 1);
        giveBack(broken);
      };
    },

    connectionsInUse: () => new Map(inUse),

    async forget(sourceId) {
      for (const [key, entry] of pools) {
        if (!key.startsWith(`${sourceId}:`)) continue;
        pools.delete(key);
        await ended(entry);
      }
    },

    async close() {
      const entries = [...pools.values()];
      pools.clear();
      await Promise.all(entries.map(ended));
    },
  };
}
