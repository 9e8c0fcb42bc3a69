import type { QueryClient } from '@tanstack/react-query';

/**
 * The query client, or how to load it. The app passes a loader: TanStack Query comes with the first guard
 * or layout of the signed-in area that needs it, so the login route does not download it
 * (docs/decisions/011-shell-navigation-state-and-bundle-budget.md). Tests pass their own client.
 */
export type QueryClientSource = QueryClient | (() => Promise<QueryClient>);

export function resolveQueryClient(source: QueryClientSource): Promise<QueryClient> {
  return typeof source === 'function' ? source() : Promise.resolve(source);
}
