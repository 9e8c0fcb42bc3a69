import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type ManagedUser, type NewUserInput } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { managedUsersQueryKey } from '../../../lib/managed-users';

/** `POST /api/management/users`: a new user with an initial password (409 when the e-mail is taken). */
export function createUser(input: NewUserInput): Promise<ManagedUser> {
  return api.call(apiRoutes.createUser, { body: input });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managedUsersQueryKey }),
  });
}
