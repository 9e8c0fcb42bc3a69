import { lazyModule } from '../lazy-module';
import { useIntegrityStore } from './integrity-state';

/**
 * The app integrity check (integrity.ts, security hardening) as a chunk of its own: the login screen is drawn
 * without it (bundle budget, decision 011). The app starts it once the first screen has been painted
 * (app/bootstrap.ts); a sign-in that comes first loads it itself and waits for the token, with the
 * same "checking" state on the login screen as when the check had already begun.
 */
const integrity = lazyModule(() => import('./integrity'));

type IntegrityModule = Awaited<ReturnType<typeof integrity.load>>;

/** Runs `use` once the check's module is there. A module that cannot be downloaded is logged (docs/product.md §8). */
function withIntegrity(use: (module: IntegrityModule) => unknown): void {
  integrity.load().then(use, (error: unknown) => {
    console.error('The app integrity check could not be loaded', error);
  });
}

/** Start-up: loads the check and begins it, without waiting for it (the first paint does not wait). */
export function startIntegrityCheck(): void {
  withIntegrity(({ startIntegrity }) => startIntegrity());
}

/**
 * The token for a sign-in (the API client asks for it): the held one, or the one being solved — the
 * form waits for it. `null` when none can be had, also when the check could not even be downloaded;
 * the server then refuses the sign-in and the login screen explains why (and the check runs again).
 */
export async function getIntegrityToken(): Promise<string | null> {
  try {
    return await (await integrity.load()).getIntegrityToken();
  } catch (error) {
    console.error('The app integrity check could not be loaded', error);
    return null;
  }
}

/** The server refused a sign-in for want of integrity: the login screen says so and a new check runs. */
export function integrityRefused(): void {
  // Shown at once, also should the check's module fail to download.
  useIntegrityStore.setState({ refused: true });
  withIntegrity((module) => module.integrityRefused());
}

/** "Check again" on the login screen. */
export function retryIntegrity(): void {
  withIntegrity(({ refreshIntegrity }) => refreshIntegrity());
}
