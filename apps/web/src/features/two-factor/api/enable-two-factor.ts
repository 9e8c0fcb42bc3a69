import { useMutation } from '@tanstack/react-query';
import { apiRoutes, type TwoFactorEnableResponse } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/auth/two-factor/enable { password }`: a new key (`otpauth://` URI) and the recovery codes.
 * Not in force until confirmed with a code (confirm-two-factor.ts). A wrong password answers 400.
 */
export function enableTwoFactor(password: string): Promise<TwoFactorEnableResponse> {
  return api.call(apiRoutes.enableTwoFactor, { body: { password }, expectedStatuses: [400] });
}

export function useEnableTwoFactor() {
  return useMutation({ mutationKey: ['two-factor-enable'], mutationFn: enableTwoFactor });
}
