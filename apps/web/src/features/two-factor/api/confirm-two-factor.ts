import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { twoFactorStatusQueryKey } from './get-two-factor-status';
import { renewSessionToken } from './renew-session';

/**
 * `POST /api/auth/two-factor/verify-totp { code }` with the signed-in session: the first correct code puts
 * two-factor sign-in in force. A wrong code answers 401, too many wrong ones 429.
 */
export async function confirmTwoFactor(code: string): Promise<void> {
  await api.call(apiRoutes.verifyTwoFactorCode, { body: { code }, expectedStatuses: [400, 401, 429] });
  await renewSessionToken();
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['two-factor-confirm'],
    mutationFn: confirmTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey }),
  });
}
