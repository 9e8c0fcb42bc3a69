import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { sessionsQueryKey } from './get-sessions';

/**
 * `DELETE /api/user/sessions/:id` (issue 7): the session's tokens stop working at once and its
 * notification stream closes. The list is only updated after the server confirmed.
 */
export function endSession(id: string): Promise<void> {
  return api.delete(apiPaths.userSession.replace(':id', encodeURIComponent(id)));
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['user-session-end'],
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
