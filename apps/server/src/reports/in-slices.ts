import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';

/**
 * Rows handled between two yields to the event loop. A report's 100,000-row result is turned into cells
 * and JSON on the one event loop; in slices of this size, with a yield between them, other requests'
 * I/O — another user's menu — runs in between instead of after it (decision 009).
 */
export const rowsPerSlice = 5_000;

/** Calls `work` for each slice of {@link rowsPerSlice} items, yielding to other requests between slices. */
export async function forEachSlice<T>(
  items: readonly T[],
  work: (slice: readonly T[]) => void,
): Promise<void> {
  for (let start = 0; start < items.length; start += rowsPerSlice) {
    if (start > 0) await yieldToOtherRequests();
    work(items.slice(start, start + rowsPerSlice));
  }
}

/** `items.map(map)`, yielding to other requests between slices of {@link rowsPerSlice} items. */
export async function mapInSlices<T, R>(items: readonly T[], map: (item: T) => R): Promise<R[]> {
  if (items.length <= rowsPerSlice) return items.map(map);
  const mapped: R[] = [];
  await forEachSlice(items, (slice) => {
    for (const item of slice) mapped.push(map(item));
  });
  return mapped;
}
