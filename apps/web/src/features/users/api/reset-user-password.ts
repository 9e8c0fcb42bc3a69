import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type ManagedUser } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { managedUsersQueryKey } from '../../../lib/managed-users';

/**
 * `POST /api/management/users/:id/password` (decision 022): a one-time password. The user's sessions end
 * and they choose a new password at the next sign-in. A common password answers 400 `COMMON_PASSWORD`.
 */
export function resetUserPassword({ id, password }: { id: string; password: string }): Promise<ManagedUser> {
  return api.call(apiRoutes.resetUserPassword, {
    params: { id },
    body: { password },
    expectedStatuses: [400],
  });
}

export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managedUsersQueryKey }),
  });
}
