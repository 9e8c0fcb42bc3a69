import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRoutes, type ManagedUsersResponse } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/** The users "Preview as" offers: `GET /api/management/users` searched by name or e-mail. */
export function getPreviewUsers(search: string): Promise<ManagedUsersResponse> {
  return api.call(apiRoutes.listUsers, { query: { search: search || undefined, pageSize: 20 } });
}

export function usePreviewUsers(search: string) {
  return useQuery({
    queryKey: ['management', 'data-sources', 'preview-users', search],
    queryFn: () => getPreviewUsers(search),
    placeholderData: keepPreviousData,
  });
}
