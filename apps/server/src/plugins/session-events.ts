/** A session that ended: `sessionId: null` means every session of the user (deactivation). */
export interface EndedSession {
  userId: string;
  sessionId: string | null;
}

type Listener = (ended: EndedSession) => void;

/**
 * Tells interested parts of this process that sessions ended (issue 7: "ending one, signing out, or
 * being deactivated stops API access … and closes the notification stream"). Emitted by sign-out and
 * session revocation (better-auth's session delete hook), `DELETE /api/user/sessions/:id`, and by
 * whoever deactivates a user; the notification streams listen and close the matching streams.
 */
export class SessionEvents {
  private readonly listeners = new Set<Listener>();

  /** Returns the function that unsubscribes. */
  onEnded(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emitEnded(ended: EndedSession): void {
    for (const listener of this.listeners) {
      try {
        listener(ended);
      } catch {
        // One failing listener must not keep the others from hearing about it.
      }
    }
  }
}
