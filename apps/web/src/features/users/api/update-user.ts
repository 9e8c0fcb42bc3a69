import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type ManagedUser, type UserChanges } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { managedUsersQueryKey } from '../../../lib/managed-users';

/** `PATCH /api/management/users/:id`: name, role, subscription and the attributes set by hand. */
export function updateUser({ id, changes }: { id: string; changes: UserChanges }): Promise<ManagedUser> {
  return api.call(apiRoutes.updateUser, { params: { id }, body: changes });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managedUsersQueryKey }),
  });
}
