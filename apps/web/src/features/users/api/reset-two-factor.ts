import { useMutation } from '@tanstack/react-query';
import { apiRoutes } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/management/users/:id/two-factor/reset` (decision 021): the user's key and recovery codes are
 * removed; they sign in with the password alone, or set it up again when the organisation requires it.
 */
export async function resetTwoFactor(id: string): Promise<void> {
  await api.call(apiRoutes.resetUserTwoFactor, { params: { id }, body: {} });
}

export function useResetTwoFactor() {
  return useMutation({ mutationKey: ['management-two-factor-reset'], mutationFn: resetTwoFactor });
}
