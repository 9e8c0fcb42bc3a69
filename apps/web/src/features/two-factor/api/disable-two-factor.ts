import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { twoFactorStatusQueryKey } from './get-two-factor-status';
import { renewSessionToken } from './renew-session';

/** `POST /api/auth/two-factor/disable { password }`: a wrong password answers 400. */
export async function disableTwoFactor(password: string): Promise<void> {
  await api.call(apiRoutes.disableTwoFactor, { body: { password }, expectedStatuses: [400] });
  await renewSessionToken();
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['two-factor-disable'],
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey }),
  });
}
