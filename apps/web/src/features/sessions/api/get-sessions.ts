import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, userSessionsResponseSchema, type UserSession } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/user/sessions`: the signed-in user's own sessions, the current one marked (issue 7). */
export async function getSessions(): Promise<UserSession[]> {
  const { sessions } = await api.get(apiPaths.userSessions, { schema: userSessionsResponseSchema });
  return sessions;
}

export const sessionsQueryKey = ['user-sessions'] as const;

export function getSessionsQueryOptions() {
  return queryOptions({ queryKey: sessionsQueryKey, queryFn: getSessions });
}

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
