import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type ApiBody, type SignInSettings } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { signInSettingsQueryKey } from './get-sign-in-settings';

export type SignInSettingsInput = ApiBody<typeof apiRoutes.saveSignInSettings>;

/** `PUT /api/management/sign-in`: the server checks the provider's discovery document before saving. */
export function saveSignInSettings(settings: SignInSettingsInput): Promise<SignInSettings> {
  return api.call(apiRoutes.saveSignInSettings, { body: settings, expectedStatuses: [400, 409] });
}

/** `DELETE /api/management/sign-in`: everyone signs in with a password again. */
export function removeSignInSettings(): Promise<SignInSettings> {
  return api.call(apiRoutes.removeSignInSettings);
}

export function useSaveSignInSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSignInSettings,
    onSuccess: (settings) => queryClient.setQueryData(signInSettingsQueryKey, settings),
  });
}

export function useRemoveSignInSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSignInSettings,
    onSuccess: (settings) => queryClient.setQueryData(signInSettingsQueryKey, settings),
  });
}

/**
 * `POST /api/management/sign-in/domains/:domain/verify`: the server looks up the domain's DNS TXT record
 * (decision 020); once proven, the domain signs people in through the provider.
 */
export function verifySignInDomain(domain: string): Promise<SignInSettings> {
  return api.call(apiRoutes.verifySignInDomain, {
    params: { domain },
    body: {},
    expectedStatuses: [400, 404, 409],
  });
}

export function useVerifySignInDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySignInDomain,
    onSuccess: (settings) => queryClient.setQueryData(signInSettingsQueryKey, settings),
  });
}
