import { apiRoutes } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/auth/sso/start`: the authorisation URL of the provider the e-mail's domain belongs to
 * (decision 020). The browser then leaves for it and comes back signed in on `redirectTo`.
 */
export async function startSingleSignOn(email: string, redirectTo: string): Promise<string> {
  const { url } = await api.call(apiRoutes.startSingleSignOn, {
    body: { email, redirectTo },
    // Unknown domain and provider down are answers the screen explains, not failures to log.
    expectedStatuses: [404, 502],
  });
  return url;
}
