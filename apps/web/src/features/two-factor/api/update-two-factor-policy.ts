import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type TwoFactorPolicy } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { twoFactorPolicyQueryKey } from './get-two-factor-policy';

/** `PUT /api/management/two-factor-policy { requireTwoFactor }` (administrators only, decision 021). */
export function updateTwoFactorPolicy(policy: TwoFactorPolicy): Promise<TwoFactorPolicy> {
  // 409: the administrator has no second factor of their own yet (the card explains it).
  return api.call(apiRoutes.updateTwoFactorPolicy, { body: policy, expectedStatuses: [409] });
}

export function useUpdateTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['management-two-factor-policy-update'],
    mutationFn: updateTwoFactorPolicy,
    onSuccess: (policy) => queryClient.setQueryData(twoFactorPolicyQueryKey, policy),
  });
}
