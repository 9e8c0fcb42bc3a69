import { useMutation } from '@tanstack/react-query';
import { apiRoutes, type PasswordChange } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/user/password`: the current password must be right (else 400 `INVALID_CURRENT_PASSWORD`);
 * the new one follows the contracts' password rules. The user's other sessions end.
 */
export async function changePassword(change: PasswordChange): Promise<void> {
  await api.call(apiRoutes.changePassword, { body: change, expectedStatuses: [400] });
}

export function useChangePassword() {
  return useMutation({ mutationKey: ['user-password-change'], mutationFn: changePassword });
}
