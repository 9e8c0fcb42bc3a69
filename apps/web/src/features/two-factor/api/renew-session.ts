import { lazySession } from '../../../lib/auth/lazy-session';

/**
 * Turning two-factor sign-in on or off makes the auth library replace the session (new cookie, the old
 * session ends, decision 021): the bearer token of the old one is refused from then on, so a token of the
 * new session is fetched at once.
 */
export async function renewSessionToken(): Promise<void> {
  const { refreshToken } = await lazySession.load();
  await refreshToken();
}
