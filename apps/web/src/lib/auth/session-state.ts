import { create } from 'zustand';

/**
 * What the screens read of the session: its status and whether a sign-in is running. The session module
 * itself is loaded through lazy-session.ts (the login screen is drawn without it, docs/decisions/011).
 */
export type SessionStatus = 'unknown' | 'signed-in' | 'signed-out';

type SessionState = {
  status: SessionStatus;
  /** The login button shows its busy state while a sign-in runs; sign-out clears it (spec §4). */
  signInPending: boolean;
};

export const useSessionStore = create<SessionState>()(() => ({ status: 'unknown', signInPending: false }));
