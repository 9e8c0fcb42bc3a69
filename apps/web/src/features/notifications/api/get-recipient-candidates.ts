import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/** The composer asks for one page of this many users whose name or e-mail matches. */
const candidatesPageSize = 100;

/**
 * Administrators: `GET /api/management/users`, the organisation's users whose name or e-mail matches, to
 * choose a notification's recipients (like the subscriptions feature's own candidates). The key is the users
 * list's (`['management', 'users', query]`, the users feature's `get-users.ts`), so the users' changes,
 * which invalidate that key, refresh these candidates too.
 */
export function useRecipientCandidates(search: string, { enabled }: { enabled: boolean }) {
  const query = { search, page: 1, pageSize: candidatesPageSize };
  return useQuery({
    queryKey: ['management', 'users', query],
    queryFn: () =>
      api.call(apiRoutes.listUsers, {
        query: { search: search.trim() || undefined, page: query.page, pageSize: query.pageSize },
      }),
    // Typing in the search box keeps the previous options on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    enabled,
  });
}
