import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type CatalogueChanges } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

/** `DELETE …/catalogue/items/:name`: the item (it leaves the favourites of whoever pinned it). */
export function deleteItem(name: string): Promise<CatalogueChanges> {
  return api.call(apiRoutes.deleteItem, { params: { name } });
}

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteItem, onSuccess: () => invalidateCatalogue(queryClient) });
}
