import { useIsFetching, useIsMutating, type QueryKey } from '@tanstack/react-query';

/**
 * The content area's loading indicator (spec §2 Main layout, §9 "The loading indicator ignore list";
 * DESIGN.md §3): it shows while any API call runs, except calls on the ignore list — the notifications
 * stream and the integrity refresh run in the background all the time and would keep it spinning.
 *
 * A query or mutation stays out of the indicator when its key starts with an ignored name, or when it
 * says so itself with `meta: { globalLoading: false }`.
 */
export const globalLoadingIgnoreList: readonly string[] = ['notifications-stream', 'integrity-token'];

export type GlobalLoadingMeta = { globalLoading?: boolean };

export function countsForGlobalLoading(key: QueryKey | undefined, meta: Record<string, unknown> | undefined): boolean {
  if (meta?.globalLoading === false) return false;
  const first = key?.[0];
  return !(typeof first === 'string' && globalLoadingIgnoreList.includes(first));
}

/** True while a counted query or mutation runs. */
export function useGlobalLoading(): boolean {
  const fetching = useIsFetching({ predicate: (query) => countsForGlobalLoading(query.queryKey, query.meta) });
  const mutating = useIsMutating({
    predicate: (mutation) => countsForGlobalLoading(mutation.options.mutationKey, mutation.options.meta),
  });
  return fetching + mutating > 0;
}
