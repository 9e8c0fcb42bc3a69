import { useMutation } from '@tanstack/react-query';
import { apiRoutes, type CatalogueChanges } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/**
 * `POST …/catalogue/changes`: what importing `document` would change — a dry run, nothing is applied.
 * An invalid document gets 400 whose message names the JSON path of the first problem.
 */
export function getImportChanges(document: Record<string, unknown>): Promise<CatalogueChanges> {
  return api.call(apiRoutes.previewCatalogueImport, { body: document });
}

/** A mutation, not a query: it sends a document the user picked and is asked once per file. */
export function useImportChanges() {
  return useMutation({ mutationFn: getImportChanges });
}
