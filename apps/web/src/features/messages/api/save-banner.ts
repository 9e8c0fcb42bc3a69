import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type BannerMessageInput, type ManagedBanner } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { managedBannersQueryKey } from './get-banners';

export type SaveBanner = { id: string | null; input: BannerMessageInput };

/** `POST /api/management/banners` (new, `id: null`) or `PUT /api/management/banners/:id` (edit). */
export function saveBanner({ id, input }: SaveBanner): Promise<ManagedBanner> {
  if (id === null) return api.call(apiRoutes.createBanner, { body: input });
  return api.call(apiRoutes.updateBanner, { params: { id }, body: input });
}

/** `onSaved` lets the app refresh what shows banners (the message banner) without this feature knowing it. */
export function useSaveBanner(onSaved?: (banner: ManagedBanner) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBanner,
    onSuccess: async (banner) => {
      onSaved?.(banner);
      await queryClient.invalidateQueries({ queryKey: managedBannersQueryKey });
    },
  });
}
