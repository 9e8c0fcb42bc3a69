import { apiRoutes, type SignInBody, tokenCheckParam, type TokenCheckResponse } from '@cockpit/contracts';
import { paths } from '../../config/paths';
import { api, isApiRequestError, isServiceUnavailable } from '../api-client';
import { resetClientAccountSettings } from '../client-params';
import { useSessionStore, type SessionStatus } from './session-state';
import { clearToken, getTokenExpiry, setToken, setTokenRefresher } from './token-store';

/**
 * The signed-in session (docs/product.md §D.3): the server keeps an HttpOnly session cookie used only by
 * `/api/auth/*`; this module exchanges it for a short-lived bearer token, holds the token in memory,
 * renews it about a minute before it expires and drops it on sign-out.
 */
// The state the screens read is in session-state.ts, which the login form reads without this module.
export { useSessionStore, type SessionStatus };

/** Renew this long before `exp` (the token lives ≤ 15 min). */
export const renewBeforeExpiryMs = 60_000;
/** When the token carries no readable expiry, renew after this long. */
const fallbackRenewMs = 5 * 60_000;
/** After a failed renewal (not an outage), try again after this long. */
const renewRetryMs = 15_000;
/**
 * While the server cannot say whether the session exists (decision 009 "Outages"): ask again after
 * these delays, the last one repeating — quick at first, then no more than every 30 s.
 */
export const unavailableRetryDelaysMs = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000] as const;

function unavailableRetryDelay(attempt: number): number {
  return unavailableRetryDelaysMs[Math.min(attempt, unavailableRetryDelaysMs.length - 1)]!;
}

/** Failed session checks in a row during an outage (the back-off step). */
let unavailableAttempts = 0;

function setServiceUnavailable(unavailable: boolean): void {
  if (!unavailable) unavailableAttempts = 0;
  if (useSessionStore.getState().serviceUnavailable !== unavailable)
    useSessionStore.setState({ serviceUnavailable: unavailable });
}

let renewTimer: ReturnType<typeof setTimeout> | undefined;
let startPromise: Promise<SessionStatus> | undefined;
let refreshInFlight: Promise<string | null> | undefined;
let sessionEndedHandler: () => void = () => {
  window.location.assign('/login');
};

/** The app tells the session how to send the browser to /login when the server ends the session. */
export function setSessionEndedHandler(handler: () => void): void {
  sessionEndedHandler = handler;
}

function setStatus(status: SessionStatus): void {
  useSessionStore.setState({ status });
}

function scheduleRenewal(): void {
  clearTimeout(renewTimer);
  const expiresAt = getTokenExpiry();
  const delay =
    expiresAt === null ? fallbackRenewMs : Math.max(expiresAt - renewBeforeExpiryMs - Date.now(), 1_000);
  renewTimer = setTimeout(() => {
    void refreshToken();
  }, delay);
}

/**
 * Whatever else holds the signed-in user's data in this tab. The query cache (lib/react-query.ts) adds
 * itself when it is loaded — with the signed-in area, not with the login route (decision 011) — so this
 * module does not import TanStack Query.
 */
const accountDataResets = new Set<() => void>();

/** `reset` runs whenever the session ends or another sign-in begins, so no user sees another's data. */
export function onAccountDataReset(reset: () => void): void {
  accountDataResets.add(reset);
}

function resetAccountData(): void {
  resetClientAccountSettings();
  for (const reset of accountDataResets) reset();
}

/** Ends the session in this tab: no token, no cached data of the previous user. */
function dropSession(): void {
  clearTimeout(renewTimer);
  clearToken();
  setStatus('signed-out');
  resetAccountData();
}

/**
 * Asks the server for a token with the session cookie. Returns the token, or null when there is no
 * session (`{ token: null }` for the session check, or 401). Other failures (network, 5xx) are thrown.
 * The check parameter makes "no session" a 200 answer: a signed-out visit to /login then logs no failed
 * request in the browser's console (contracts `tokenCheckParam`).
 */
async function fetchToken(): Promise<string | null> {
  try {
    // The auth library answers this one (not a route of ours with a response schema): check the token.
    const response: TokenCheckResponse | null = await api.call(apiRoutes.getToken, {
      query: { [tokenCheckParam]: 'true' },
      expectedStatuses: [401],
    });
    if (response?.token === null) return null;
    const token = response?.token;
    if (typeof token !== 'string' || token === '')
      throw new Error('The token endpoint answered without a token.');
    setToken(token);
    setStatus('signed-in');
    scheduleRenewal();
    return token;
  } catch (error) {
    if (isApiRequestError(error) && error.status === 401) return null;
    throw error;
  }
}

/** Renews the token; when the server says the session is over, the browser goes to /login. */
export function refreshToken(): Promise<string | null> {
  refreshInFlight ??= (async () => {
    try {
      const token = await fetchToken();
      setServiceUnavailable(false);
      if (token === null && useSessionStore.getState().status === 'signed-in') {
        dropSession();
        sessionEndedHandler();
      }
      return token;
    } catch (error) {
      // No answer about the session (an outage, offline): keep the current token while it lasts, stay
      // signed in, and ask again — soon at first, then less often (decision 009 "Outages").
      let delay = renewRetryMs;
      if (isServiceUnavailable(error)) {
        setServiceUnavailable(true);
        delay = unavailableRetryDelay(unavailableAttempts);
        unavailableAttempts += 1;
      }
      clearTimeout(renewTimer);
      renewTimer = setTimeout(() => {
        void refreshToken();
      }, delay);
      return null;
    } finally {
      refreshInFlight = undefined;
    }
  })();
  return refreshInFlight;
}

setTokenRefresher(refreshToken);

/**
 * Start-up (docs/product.md §D.3): first ask for a token with the cookie. Resolves once it is known whether a
 * session exists; guards await it. An outage is waited out (below); any other failure is logged (docs/product.md §8
 * bootstrap failure) and counts as signed out.
 */
export function startSession(): Promise<SessionStatus> {
  startPromise ??= checkSessionUntilKnown();
  return startPromise;
}

/**
 * Asks until the server says whether there is a session. While it cannot (an outage: 503, no
 * connection) the page stays as it is with the "briefly unavailable" notice and asks again with
 * back-off — a reload during an outage must not show the login screen (decision 009 "Outages").
 */
async function checkSessionUntilKnown(): Promise<SessionStatus> {
  for (;;) {
    try {
      const token = await fetchToken();
      setServiceUnavailable(false);
      if (token === null) setStatus('signed-out');
      return useSessionStore.getState().status;
    } catch (error) {
      if (!isServiceUnavailable(error)) {
        setServiceUnavailable(false);
        console.error('Could not check the session at start-up', error);
        setStatus('signed-out');
        return 'signed-out';
      }
      setServiceUnavailable(true);
      const delay = unavailableRetryDelay(unavailableAttempts);
      unavailableAttempts += 1;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** Resolves with the session status once the start-up check has finished. */
export async function sessionReady(): Promise<SessionStatus> {
  await startSession();
  return useSessionStore.getState().status;
}

/** How a password sign-in ended: signed in, or a code of the second factor is asked for (decision 021). */
export type SignInOutcome = 'signed-in' | 'second-factor';

/** Sign in with e-mail and password, then fetch the first token. Errors are thrown to the form. */
export async function signIn(credentials: SignInBody): Promise<SignInOutcome> {
  useSessionStore.setState({ signInPending: true });
  try {
    const answer = await api.call(apiRoutes.signInWithEmail, { body: credentials });
    // No session yet: the user has two-factor sign-in on (decision 021); completeSecondFactor() follows.
    if (answer?.twoFactorRedirect === true) return 'second-factor';
    await startSignedInSession();
    return 'signed-in';
  } finally {
    useSessionStore.setState({ signInPending: false });
  }
}

async function startSignedInSession(): Promise<void> {
  // A different user may sign in in the same tab: nothing cached may survive.
  resetAccountData();
  const token = await fetchToken();
  if (token === null) throw new Error('Signed in, but the server issued no token.');
}

/**
 * The second step of a two-factor sign-in (decision 021): a code of the authenticator app or a recovery
 * code. The server answers 401 for a wrong one and 429 when the account's limit is reached.
 */
export async function completeSecondFactor(kind: 'code' | 'recovery-code', code: string): Promise<void> {
  useSessionStore.setState({ signInPending: true });
  try {
    const route = kind === 'code' ? apiRoutes.verifyTwoFactorCode : apiRoutes.verifyRecoveryCode;
    await api.call(route, { body: { code }, expectedStatuses: [400, 401, 429] });
    await startSignedInSession();
  } finally {
    useSessionStore.setState({ signInPending: false });
  }
}

/**
 * docs/product.md §4 "Log-out: navigates to /login, clears the login button text, then signs the user out".
 * `navigate` is the router's; the server call comes last and the local session ends even if it fails.
 */
export async function signOut(navigate: (to: string) => Promise<void> | void): Promise<void> {
  await navigate(paths.login.getHref());
  useSessionStore.setState({ signInPending: false });
  try {
    await api.call(apiRoutes.signOut);
  } catch {
    // Already logged by the API client; the local session ends regardless.
  } finally {
    dropSession();
  }
}

/** 401 from a protected call: the session is over (docs/product.md §8); the caller sends the browser to /login. */
export function expireSession(): void {
  dropSession();
}

/** Test helper: forget everything (module state survives between tests in one file). */
export function resetSessionForTests(): void {
  clearTimeout(renewTimer);
  renewTimer = undefined;
  startPromise = undefined;
  refreshInFlight = undefined;
  unavailableAttempts = 0;
  clearToken();
  useSessionStore.setState({ status: 'unknown', signInPending: false, serviceUnavailable: false });
}
