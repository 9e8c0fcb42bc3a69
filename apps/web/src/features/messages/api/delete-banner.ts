import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { managedBannersQueryKey } from './get-banners';

/** `DELETE /api/management/banners/:id`. */
export async function deleteBanner(id: string): Promise<void> {
  await api.call(apiRoutes.deleteBanner, { params: { id } });
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
