import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type SignInSettings } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/management/sign-in`: the organisation's single sign-on provider, never its secret (decision 020). */
export function getSignInSettings(): Promise<SignInSettings> {
  return api.call(apiRoutes.getSignInSettings);
}

export const signInSettingsQueryKey = ['management', 'sign-in'] as const;

export function getSignInSettingsQueryOptions() {
  return queryOptions({ queryKey: signInSettingsQueryKey, queryFn: getSignInSettings });
}

export function useSignInSettings() {
  return useQuery(getSignInSettingsQueryOptions());
}
