import { create } from 'zustand';

/**
 * What the screens read of the session: its status and whether a sign-in is running. The session module
 * itself is loaded through lazy-session.ts (the login screen is drawn without it, docs/decisions/011).
 */
export type SessionStatus = 'unknown' | 'signed-in' | 'signed-out';

type SessionState = {
  status: SessionStatus;
  /** The login button shows its busy state while a sign-in runs; sign-out clears it (docs/product.md §4). */
  signInPending: boolean;
  /**
   * The server could not say whether the session exists (an outage: 503, no connection). The person
   * stays where they are, sees "briefly unavailable, retrying…", and the session asks again
   * (decision 009 "Outages"); only a real "no session" signs out.
   */
  serviceUnavailable: boolean;
};

export const useSessionStore = create<SessionState>()(() => ({
  status: 'unknown',
  signInPending: false,
  serviceUnavailable: false,
}));
