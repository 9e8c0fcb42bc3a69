import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type CataloguePreview, type RoleKey, type Subscription } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { catalogueQueryKey } from './get-catalogue';

export type PreviewAudience = { roleKey: RoleKey; subscription: Subscription };

/** `GET …/catalogue/preview`: the menus exactly as users of that role and subscription see them. */
export function getCataloguePreview({ roleKey, subscription }: PreviewAudience): Promise<CataloguePreview> {
  return api.call(apiRoutes.previewCatalogueAudience, { query: { roleKey, subscription } });
}

/** The titles come in the UI language, so the language is part of the key. */
export function getCataloguePreviewQueryOptions(audience: PreviewAudience, language: string) {
  return queryOptions({
    queryKey: [...catalogueQueryKey, 'preview', audience.roleKey, audience.subscription, language],
    queryFn: () => getCataloguePreview(audience),
  });
}

export function useCataloguePreview(audience: PreviewAudience, language: string) {
  return useQuery(getCataloguePreviewQueryOptions(audience, language));
}
