import type { Query, QueryClient } from '@tanstack/react-query';

// A query says itself which server events make its answer out of date (`meta.refetchOn`), so whoever
// receives an event invalidates by that meta and needs to know no feature's query keys.

/**
 * Events that make answers out of date: the catalogue or the user's audience changed (decision 015, a
 * server event), a report definition was saved or deleted (the data sources list names the definitions
 * reading each source, decision 027), or a subscription changed or was sent (the outbox, decision 029).
 */
export type RefetchEvent = 'catalogue-changed' | 'definitions-changed' | 'subscriptions-changed';

/** The `meta` of a query to read again after any of `events`. */
export const refetchOnMeta = (...events: RefetchEvent[]) => ({ refetchOn: events });

const refetchEventsOf = (query: Query): readonly RefetchEvent[] =>
  (query.meta?.refetchOn as readonly RefetchEvent[] | undefined) ?? [];

/** Invalidates exactly the queries whose `meta.refetchOn` names `event` (shown ones are fetched again). */
export function invalidateQueriesOn(queryClient: QueryClient, event: RefetchEvent): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => refetchEventsOf(query).includes(event) });
}
