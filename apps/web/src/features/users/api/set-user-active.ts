import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type ManagedUser } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { managedUsersQueryKey } from '../../../lib/managed-users';

/**
 * `POST /api/management/users/:id/deactivate` (their sessions end at once, their next call gets 401)
 * and `…/reactivate`.
 */
export function setUserActive({ id, active }: { id: string; active: boolean }): Promise<ManagedUser> {
  const route = active ? apiRoutes.reactivateUser : apiRoutes.deactivateUser;
  return api.call(route, { params: { id }, body: {} });
}

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managedUsersQueryKey }),
  });
}
