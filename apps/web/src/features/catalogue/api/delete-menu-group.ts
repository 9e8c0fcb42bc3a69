import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type CatalogueChanges } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

/** `DELETE …/catalogue/menu-groups/:name`: the group with its items (they leave the favourites of whoever pinned them). */
export function deleteMenuGroup(name: string): Promise<CatalogueChanges> {
  return api.call(apiRoutes.deleteMenuGroup, { params: { name } });
}

export function useDeleteMenuGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMenuGroup, onSuccess: () => invalidateCatalogue(queryClient) });
}
