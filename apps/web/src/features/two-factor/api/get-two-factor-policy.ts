import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type TwoFactorPolicy } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/management/two-factor-policy`: whether the organisation requires two-factor sign-in. */
export function getTwoFactorPolicy(): Promise<TwoFactorPolicy> {
  return api.call(apiRoutes.getTwoFactorPolicy);
}

export const twoFactorPolicyQueryKey = ['management-two-factor-policy'] as const;

export function useTwoFactorPolicy() {
  return useQuery(queryOptions({ queryKey: twoFactorPolicyQueryKey, queryFn: getTwoFactorPolicy }));
}
