import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPathWith, managementApiPaths } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { managedBannersQueryKey } from './get-banners';

/** `DELETE /api/management/banners/:id`. */
export function deleteBanner(id: string): Promise<void> {
  return api.delete(apiPathWith(managementApiPaths.banner, { id }));
}

export function useDeleteBanner(onDeleted?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBanner,
    onSuccess: async () => {
      onDeleted?.();
      await queryClient.invalidateQueries({ queryKey: managedBannersQueryKey });
    },
  });
}
