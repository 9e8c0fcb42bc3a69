import { useIsFetching, useIsMutating } from '@tanstack/react-query';

/**
 * The content area's loading indicator (docs/product.md §2 Main layout; docs/product.md §9 "the loading indicator ignore
 * list"; docs/product.md §D.3: "the notifications stream and the integrity refresh do not show the global
 * spinner"). It shows while a TanStack Query query or mutation runs.
 *
 * The ignore list of paths (docs/product.md §9, §D.3) is kept by the mechanism, not by a list: the notifications stream
 * (fetch-event-source) and the integrity refresh (lib/integrity) never run through TanStack Query, so
 * they cannot reach the indicator; a query or mutation that runs in the background (marking a
 * notification read or moused over, recording a recent) opts out with `meta: { globalLoading: false }`.
 * A list of names here would only drift from the calls it means (it did: it named keys no call used).
 */
export type GlobalLoadingMeta = { globalLoading?: boolean };

export function countsForGlobalLoading(meta: Record<string, unknown> | undefined): boolean {
  return (meta as GlobalLoadingMeta | undefined)?.globalLoading !== false;
}

/** True while a counted query or mutation runs. */
export function useGlobalLoading(): boolean {
  const fetching = useIsFetching({ predicate: (query) => countsForGlobalLoading(query.meta) });
  const mutating = useIsMutating({ predicate: (mutation) => countsForGlobalLoading(mutation.options.meta) });
  return fetching + mutating > 0;
}
