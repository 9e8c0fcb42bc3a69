import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { recentsQueryKey } from './get-recents';

/** `DELETE /api/user/recents`: forgets every recent item of the user (in every browser). */
export async function clearRecents(): Promise<void> {
  await api.call(apiRoutes.clearRecents);
}

export function useClearRecents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['clear-recents'],
    mutationFn: clearRecents,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recentsQueryKey }),
  });
}
