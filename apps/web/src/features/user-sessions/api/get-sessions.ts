import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type UserSession } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/user/sessions`: the signed-in user's own sessions, the current one marked (decision 009). */
export async function getSessions(): Promise<UserSession[]> {
  const { sessions } = await api.call(apiRoutes.listSessions);
  return sessions;
}

export const sessionsQueryKey = ['user-sessions'] as const;

export function getSessionsQueryOptions() {
  return queryOptions({ queryKey: sessionsQueryKey, queryFn: getSessions });
}

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
