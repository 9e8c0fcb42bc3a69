import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { sessionsQueryKey } from './get-sessions';

/**
 * `DELETE /api/user/sessions/:id` (decision 009): the session's tokens stop working at once and its
 * notification stream closes. The list is only updated after the server confirmed.
 */
export async function endSession(id: string): Promise<void> {
  await api.call(apiRoutes.endSession, { params: { id } });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['user-session-end'],
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
