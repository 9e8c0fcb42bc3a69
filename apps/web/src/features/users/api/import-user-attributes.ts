import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type UserAttributesImportResult } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { managedUsersQueryKey } from '../../../lib/managed-users';

/** `POST /api/management/users/attributes`: user attributes from a CSV; any invalid row → nothing imported. */
export function importUserAttributes(csv: string): Promise<UserAttributesImportResult> {
  return api.call(apiRoutes.importUserAttributes, { body: { csv } });
}

export function useImportUserAttributes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importUserAttributes,
    onSuccess: (result) => {
      if (result.updated > 0) void queryClient.invalidateQueries({ queryKey: managedUsersQueryKey });
    },
  });
}
