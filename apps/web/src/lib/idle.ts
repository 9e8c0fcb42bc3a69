import { useCallback, useEffect, useRef, useState } from 'react';
import { useIdleTimer } from 'react-idle-timer';

/**
 * Idle timeout (docs/product.md §1, §9; docs/product.md §D.3): after `timeoutSeconds` without input a dialog counts down
 * `countdownSeconds` and then signs out. Any input cancels the countdown. With `crossTab`, the tabs of
 * this app share one timer: input in any tab keeps all of them alive, and the dialog appears only when
 * every tab has been idle. The hook is used by the signed-in layout only, so it never runs on /login.
 */
export type IdleSignOutOptions = {
  timeoutSeconds: number;
  countdownSeconds: number;
  /** Called once when the countdown ends. */
  onSignOut: () => void;
  /** False until the configuration is known (and while signing out). */
  enabled: boolean;
};

export type IdleSignOutState = {
  /** The countdown dialog is showing. */
  prompted: boolean;
  /** Whole seconds left before sign-out while prompted. */
  remainingSeconds: number;
  /** "Stay signed in": ends the countdown in every tab. */
  stay: () => void;
};

/**
 * What counts as input: the person's mouse, keyboard, wheel and touch. Not the library's default
 * `focus` and `visibilitychange`: the dialog moving the focus to its button would otherwise count as
 * activity and cancel itself, and a tab being hidden is no sign of a person.
 */
export const idleActivityEvents = [
  'mousemove',
  'mousedown',
  'keydown',
  'wheel',
  'touchstart',
  'touchmove',
  'pointerdown',
  'pointermove',
] as const;

/** Activity is broadcast to the other tabs at most this often (react-idle-timer `syncTimers`). */
const crossTabSyncMs = 1_000;
const countdownTickMs = 250;

/** What the hook uses of the timer. */
type IdleControls = { getRemainingTime: () => number; activate: () => boolean };

export function useIdleSignOut({
  timeoutSeconds,
  countdownSeconds,
  onSignOut,
  enabled,
}: IdleSignOutOptions): IdleSignOutState {
  const [prompted, setPrompted] = useState(false);
  const [remainingSeconds, setRemainingSeconds] = useState(countdownSeconds);
  const signOutRef = useRef(onSignOut);
  useEffect(() => {
    signOutRef.current = onSignOut;
  }, [onSignOut]);

  const timer = useIdleTimer({
    // react-idle-timer counts the prompt into the timeout: idle at timeout, prompt that much earlier.
    timeout: (timeoutSeconds + countdownSeconds) * 1000,
    promptBeforeIdle: countdownSeconds * 1000,
    crossTab: true,
    events: [...idleActivityEvents],
    syncTimers: crossTabSyncMs,
    disabled: !enabled,
    eventsThrottle: 200,
    onPrompt: () => {
      setRemainingSeconds(countdownSeconds);
      setPrompted(true);
    },
    onActive: () => setPrompted(false),
    onIdle: () => {
      setPrompted(false);
      signOutRef.current();
    },
    // While the dialog shows, the library ignores input until told otherwise: any input cancels it.
    onAction: (_event, idleTimer) => {
      if (idleTimer?.isPrompted()) idleTimer.activate();
    },
  });
  // react-idle-timer hands out closures (no `this`), though its types declare them as methods.
  const controls: IdleControls = timer;
  const { getRemainingTime, activate } = controls;

  useEffect(() => {
    if (!prompted) return;
    const tick = () => setRemainingSeconds(Math.max(0, Math.ceil(getRemainingTime() / 1000)));
    tick();
    const interval = setInterval(tick, countdownTickMs);
    return () => clearInterval(interval);
  }, [prompted, getRemainingTime]);

  const stay = useCallback(() => {
    activate();
    setPrompted(false);
  }, [activate]);

  return { prompted: enabled && prompted, remainingSeconds, stay };
}
