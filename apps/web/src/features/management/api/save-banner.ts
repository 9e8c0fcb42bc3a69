import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPathWith,
  managedBannerSchema,
  managementApiPaths,
  type BannerMessageInput,
  type ManagedBanner,
} from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { managedBannersQueryKey } from './get-banners';

export type SaveBanner = { id: string | null; input: BannerMessageInput };

/** `POST /api/management/banners` (new, `id: null`) or `PUT /api/management/banners/:id` (edit). */
export function saveBanner({ id, input }: SaveBanner): Promise<ManagedBanner> {
  if (id === null) return api.post(managementApiPaths.banners, { json: input, schema: managedBannerSchema });
  return api.put(apiPathWith(managementApiPaths.banner, { id }), { json: input, schema: managedBannerSchema });
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
