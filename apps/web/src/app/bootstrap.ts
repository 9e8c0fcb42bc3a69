import { isLoginPathname, paths } from '../config/paths';
import { setAccountSetUpHandler, setIntegrityTokenProvider, setUnauthorizedHandler } from '../lib/api-client';
import { lazySession } from '../lib/auth/lazy-session';
import { createI18n } from '../lib/i18n';
import { getIntegrityToken, startIntegrityCheck } from '../lib/integrity/lazy-integrity';
import { createRouterStart } from './router-start';
import { accountSetUpHref, accountSetUpPaths } from './account-set-up-screens';

type SessionModule = Awaited<ReturnType<typeof lazySession.load>>;

/**
 * Start-up (docs/product.md §1, docs/product.md §D.3): the session check with the cookie and the translations start at
 * once and in parallel; the router's guards wait for the session; the first screen waits for the texts.
 * What the login route does without (bundle budget, docs/decisions/011) loads here as chunks of its own:
 * the session at once (the guards wait for it), the integrity check once the first screen has been
 * painted; TanStack Query comes with the first guard or layout that needs it. A page loaded at /login
 * shows the login screen without React Router (app/index.tsx); every other page imports the router
 * module right here, in parallel with the texts.
 */
export async function bootstrap() {
  const routerStart = createRouterStart(() => import('./routed-app'));
  const routed = isLoginPathname(window.location.pathname) ? undefined : routerStart.start();

  // docs/product.md §8 "HTTP 401: browser goes to /login" — the session is over; come back here after signing in.
  const sendToLogin = ({ expireSession }: SessionModule) => {
    expireSession();
    const { pathname, search, hash } = window.location;
    if (isLoginPathname(pathname)) return;
    // Anywhere but /login the router exists: it is created before the first screen (and a page loaded
    // at /login creates it before it leaves /login).
    void routerStart
      .current()
      ?.router.navigate(paths.login.getHref(`${pathname}${search}${hash}`), { replace: true });
  };
  // A 401 needs a bearer token, which only the session module can have obtained: it is loaded by then.
  setUnauthorizedHandler(() => {
    lazySession
      .load()
      .then(sendToLogin, (error: unknown) => console.error('The session could not be loaded', error));
  });
  lazySession.load().then(
    (session) => {
      session.setSessionEndedHandler(() => sendToLogin(session));
      void session.startSession();
    },
    // docs/product.md §8 "bootstrap failure: logged to the console"; the guards try to load it again.
    (error: unknown) => console.error('Could not check the session at start-up', error),
  );

  // Decisions 021, 022: a set-up gate the held token does not announce yet (a one-time password set or
  // a second factor required since it was issued) — everything but the gate's screen answers 403. The
  // gate's screen is shown at once; its guard reads the fresh token, as every guard does.
  setAccountSetUpHandler((gate) => {
    const { pathname, search, hash } = window.location;
    if (pathname === accountSetUpPaths[gate]) return;
    lazySession
      .load()
      .then((session) => session.refreshToken())
      .then(
        () =>
          routerStart
            .current()
            ?.router.navigate(accountSetUpHref(gate, `${pathname}${search}${hash}`), { replace: true }),
        (error: unknown) => console.error('The session could not be loaded', error),
      );
  });

  // docs/product.md §1 app integrity (decision 007): solved in a Web Worker once the first screen had its turn.
  setIntegrityTokenProvider(getIntegrityToken);
  whenIdle(startIntegrityCheck);

  // The browser initialises its locale data with the first Intl format (about 15 ms on a phone): done now,
  // while the first answers are awaited, rather than inside the render that first shows a date
  // (decision 016, total blocking time).
  setTimeout(() => new Intl.DateTimeFormat(navigator.language || 'en-GB'), 0);

  const [i18n, routedApp] = await Promise.all([createI18n(), routed]);
  return { i18n, routerStart, routedApp };
}

/** Runs `task` when the main thread is idle (after the first render), at the latest after 2 s. */
function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 2_000 });
  else setTimeout(task, 0);
}
