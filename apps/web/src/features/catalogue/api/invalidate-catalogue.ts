import type { QueryClient } from '@tanstack/react-query';
import { catalogueQueryKey } from './get-catalogue';

/**
 * After any change of the catalogue the document, the pin usage and the previews are fetched again.
 * The user-facing menus (also the administrator's own) follow through the live catalogue event on the
 * notification stream (decision 015); the activity list is fetched whenever it is opened.
 */
export function invalidateCatalogue(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: catalogueQueryKey });
}
