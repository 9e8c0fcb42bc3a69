import { apiRoutes } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/auth/password-reset/request` (decision 031): always "accepted", whether or not an account
 * exists for the address; 429 past the limits per address and per client.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.call(apiRoutes.requestPasswordReset, { body: { email }, expectedStatuses: [429] });
}

/**
 * `POST /api/auth/password-reset/complete`: the mail's token and the new password. 410: the link was
 * used or has expired; 400: the password rules; 403: the organisation requires single sign-on.
 */
export async function completePasswordReset(token: string, newPassword: string): Promise<void> {
  await api.call(apiRoutes.completePasswordReset, {
    body: { token, newPassword },
    expectedStatuses: [400, 403, 410, 429],
  });
}
