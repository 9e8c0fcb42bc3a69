/** A session that ended: `sessionId: null` means every session of the user (deactivation). */
export interface EndedSession {
  userId: string;
  sessionId: string | null;
}

type EndedListener = (ended: EndedSession) => void;
type UserChangedListener = (userId: string) => void;

/**
 * Tells interested parts of this process that sessions ended or a user's stored account changed
 * (issue 7: "ending one, signing out, or being deactivated stops API access … and closes the
 * notification stream").
 *
 * Ended sessions are emitted by sign-out and session revocation (better-auth's session delete hook),
 * `DELETE /api/user/sessions/:id`, a password change (the other sessions) and a deactivation (all of
 * them); the notification streams close the matching streams, and the bearer check forgets what it
 * cached (auth/active-user-cache.ts). A changed user (settings, name, role, subscription) makes the
 * bearer check read the user again, so the next request already sees the change.
 */
export class SessionEvents {
  private readonly endedListeners = new Set<EndedListener>();
  private readonly userChangedListeners = new Set<UserChangedListener>();

  /** Returns the function that unsubscribes. */
  onEnded(listener: EndedListener): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  /** Returns the function that unsubscribes. */
  onUserChanged(listener: UserChangedListener): () => void {
    this.userChangedListeners.add(listener);
    return () => this.userChangedListeners.delete(listener);
  }

  emitEnded(ended: EndedSession): void {
    notifyAll(this.endedListeners, ended);
  }

  emitUserChanged(userId: string): void {
    notifyAll(this.userChangedListeners, userId);
  }
}

function notifyAll<T>(listeners: Set<(value: T) => void>, value: T): void {
  for (const listener of listeners) {
    try {
      listener(value);
    } catch {
      // One failing listener must not keep the others from hearing about it.
    }
  }
}
