import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type CurrentMessageResponse, type UiLanguageName } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/** docs/product.md §7 message service: "fetches the message for the UI language name and returns success and item". */
export function getCurrentMessage(uiLanguageName: UiLanguageName): Promise<CurrentMessageResponse> {
  return api.call(apiRoutes.getCurrentMessage, { query: { uiLanguageName } });
}

export const currentMessageQueryKey = ['messages', 'current'] as const;

export function getCurrentMessageQueryOptions(uiLanguageName: UiLanguageName) {
  return queryOptions({
    queryKey: [...currentMessageQueryKey, uiLanguageName],
    queryFn: () => getCurrentMessage(uiLanguageName),
  });
}

/**
 * docs/product.md §D.3: the banner message is fetched as soon as the UI language is known and again whenever it
 * changes (the language is part of the key). No timer.
 */
export function useCurrentMessage(
  uiLanguageName: UiLanguageName | undefined,
  { refetchOnMount = true } = {},
) {
  return useQuery({
    ...getCurrentMessageQueryOptions(uiLanguageName ?? 'en'),
    enabled: uiLanguageName !== undefined,
    refetchOnMount,
  });
}
