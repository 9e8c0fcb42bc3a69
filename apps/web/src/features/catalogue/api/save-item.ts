import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type CatalogueChanges, type ItemInput } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

/**
 * `POST …/catalogue/items` (create) or `PUT …/catalogue/items/:name` (change; also moves and reorders:
 * `position` is the 0-based place in its list). Answers what changed; 409 when it exists already.
 */
export function saveItem({
  name,
  input,
}: {
  name: string | null;
  input: ItemInput;
}): Promise<CatalogueChanges> {
  return name === null
    ? api.call(apiRoutes.createItem, { body: input })
    : api.call(apiRoutes.updateItem, { params: { name }, body: input });
}

export function useSaveItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveItem, onSuccess: () => invalidateCatalogue(queryClient) });
}
