import { create } from 'zustand';
import { lazyModule } from '../lazy-module';

/**
 * What the screens read of the session — its status and whether a sign-in is running — and the session
 * module itself (session.ts: token exchange, renewal, sign-in, sign-out) as a chunk of its own. The
 * login screen is drawn without that module (issue 3 budget, decision 011): the app starts loading it
 * at once (app/bootstrap.ts, the start-up session check of DESIGN.md §3), and the route guards and the
 * login form await it.
 */
export type SessionStatus = 'unknown' | 'signed-in' | 'signed-out';

type SessionState = {
  status: SessionStatus;
  /** The login button shows its busy state while a sign-in runs; sign-out clears it (spec §4). */
  signInPending: boolean;
};

export const useSessionStore = create<SessionState>()(() => ({ status: 'unknown', signInPending: false }));

export const lazySession = lazyModule(() => import('./session'));
