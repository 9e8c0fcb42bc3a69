import { paths } from '../config/paths';
import { setIntegrityTokenProvider, setUnauthorizedHandler } from '../lib/api-client';
import { expireSession, setSessionEndedHandler, startSession } from '../lib/auth/session';
import { createI18n } from '../lib/i18n';
import { getIntegrityToken, startIntegrity } from '../lib/integrity/integrity';
import { createAppRouter } from './router';

/**
 * Start-up (spec §1, DESIGN.md §3): the session check with the cookie and the translations start at
 * once and in parallel; the router's guards wait for the session; the first screen waits for the texts.
 * TanStack Query is loaded by the first guard or layout that needs it, not here: the login route does
 * without it (docs/decisions/011-shell-navigation-state-and-bundle-budget.md).
 */
export async function bootstrap() {
  void startSession();
  const router = createAppRouter(() => import('../lib/react-query').then(({ queryClient }) => queryClient));

  // spec §8 "HTTP 401: browser goes to /login" — the session is over; come back here after signing in.
  const sendToLogin = () => {
    expireSession();
    const { pathname, search, hash } = router.state.location;
    if (pathname === paths.login.path) return;
    void router.navigate(paths.login.getHref(`${pathname}${search}${hash}`), { replace: true });
  };
  setUnauthorizedHandler(sendToLogin);
  setSessionEndedHandler(sendToLogin);

  // spec §1 app integrity (issue 7): solved in a Web Worker once the first screen had its turn.
  setIntegrityTokenProvider(getIntegrityToken);
  whenIdle(startIntegrity);

  const i18n = await createI18n();
  return { i18n, router };
}

/** Runs `task` when the main thread is idle (after the first render), at the latest after 2 s. */
function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 2_000 });
  else setTimeout(task, 0);
}
