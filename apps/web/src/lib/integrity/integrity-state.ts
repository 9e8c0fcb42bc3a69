import { create } from 'zustand';

/**
 * What the login screen shows of the app integrity check (decision 007): its status and whether the server
 * refused a sign-in for want of it. The check itself (integrity.ts: the challenge, the Web Worker, the
 * renewal) is loaded after the first paint (lazy-integrity.ts, decision 011); this store is all the
 * screen needs to draw itself.
 */
export type IntegrityStatus = 'idle' | 'checking' | 'ready' | 'failed';

type IntegrityState = {
  status: IntegrityStatus;
  /** The server refused a sign-in for want of integrity; the login screen says so. */
  refused: boolean;
};

export const useIntegrityStore = create<IntegrityState>()(() => ({ status: 'idle', refused: false }));

/** A new sign-in attempt begins: the previous refusal has been read. */
export function clearIntegrityRefusal(): void {
  useIntegrityStore.setState({ refused: false });
}
