import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMocks } from 'react-idle-timer';
import { useIdleSignOut } from './idle';

// docs/product.md §D.3 Idle timeout: after the idle time a countdown; any input cancels it; at zero, sign-out.

function Probe({ onSignOut }: { onSignOut: () => void }) {
  const idle = useIdleSignOut({ timeoutSeconds: 10, countdownSeconds: 5, onSignOut, enabled: true });
  return (
    <div>
      <span data-testid="prompted">{String(idle.prompted)}</span>
      <span data-testid="remaining">{idle.remainingSeconds}</span>
      <button onClick={idle.stay}>stay</button>
    </div>
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  // The library keeps its own reference to the timer functions; this points it at the fake ones.
  createMocks();
});
afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('useIdleSignOut', () => {
  it('prompts after the idle time, counts down, and signs out at zero', () => {
    const onSignOut = vi.fn();
    render(<Probe onSignOut={onSignOut} />);
    advance(9_000);
    expect(screen.getByTestId('prompted')).toHaveTextContent('false');
    advance(1_500);
    expect(screen.getByTestId('prompted')).toHaveTextContent('true');
    advance(2_000);
    expect(Number(screen.getByTestId('remaining').textContent)).toBeLessThanOrEqual(3);
    expect(onSignOut).not.toHaveBeenCalled();
    advance(3_500);
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('prompted')).toHaveTextContent('false');
  });

  it('any input during the countdown cancels it and restarts the idle time', () => {
    const onSignOut = vi.fn();
    render(<Probe onSignOut={onSignOut} />);
    advance(11_000);
    expect(screen.getByTestId('prompted')).toHaveTextContent('true');
    act(() => {
      fireEvent.keyDown(document, { key: 'a' });
    });
    expect(screen.getByTestId('prompted')).toHaveTextContent('false');
    advance(8_000);
    expect(onSignOut).not.toHaveBeenCalled();
    expect(screen.getByTestId('prompted')).toHaveTextContent('false');
  });

  it('a focus change (the dialog focusing its button) is not input', () => {
    const onSignOut = vi.fn();
    render(<Probe onSignOut={onSignOut} />);
    advance(11_000);
    act(() => {
      screen.getByRole('button', { name: 'stay' }).focus();
    });
    expect(screen.getByTestId('prompted')).toHaveTextContent('true');
    advance(5_000);
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });
});
