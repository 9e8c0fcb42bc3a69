import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type TwoFactorStatus } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/user/two-factor`: whether two-factor sign-in is on, and whether the organisation requires it. */
export function getTwoFactorStatus(): Promise<TwoFactorStatus> {
  return api.call(apiRoutes.getTwoFactorStatus);
}

export const twoFactorStatusQueryKey = ['two-factor-status'] as const;

export function getTwoFactorStatusQueryOptions() {
  return queryOptions({ queryKey: twoFactorStatusQueryKey, queryFn: getTwoFactorStatus });
}

export function useTwoFactorStatus() {
  return useQuery(getTwoFactorStatusQueryOptions());
}
