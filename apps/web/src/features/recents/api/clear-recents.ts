import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { recentsQueryKey } from './get-recents';

/** `DELETE /api/user/recents`: forgets every recent item of the user (in every browser). */
export function clearRecents(): Promise<void> {
  return api.delete(apiPaths.userRecents);
}

export function useClearRecents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['clear-recents'],
    mutationFn: clearRecents,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recentsQueryKey }),
  });
}
