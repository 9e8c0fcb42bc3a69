import { paths } from '../config/paths';
import { setUnauthorizedHandler } from '../lib/api-client';
import { expireSession, setSessionEndedHandler, startSession } from '../lib/auth/session';
import { createI18n } from '../lib/i18n';
import { queryClient } from '../lib/react-query';
import { createAppRouter } from './router';

/**
 * Start-up (spec §1, DESIGN.md §3): the session check with the cookie and the translations start at
 * once and in parallel; the router's guards wait for the session; the first screen waits for the texts.
 */
export async function bootstrap() {
  void startSession();
  const router = createAppRouter(queryClient);

  // spec §8 "HTTP 401: browser goes to /login" — the session is over; come back here after signing in.
  const sendToLogin = () => {
    expireSession();
    const { pathname, search, hash } = router.state.location;
    if (pathname === paths.login.path) return;
    void router.navigate(paths.login.getHref(`${pathname}${search}${hash}`), { replace: true });
  };
  setUnauthorizedHandler(sendToLogin);
  setSessionEndedHandler(sendToLogin);

  const i18n = await createI18n();
  return { i18n, queryClient, router };
}
