import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createTestQueryClient } from '../testing/test-utils';
import { countsForGlobalLoading, useGlobalLoading } from './global-loading';
import { refreshIntegrity, resetIntegrityForTests } from './integrity/integrity';

// docs/product.md §9 loading-indicator ignore list / docs/product.md §D.3: the notifications stream and the integrity
// refresh do not show the global spinner; every other call does. (The stream and the marking of a
// notification are checked in features/notifications/components/notifications-panel.test.tsx.)
function renderIndicator() {
  const client = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useGlobalLoading(), { wrapper });
  return { client, result };
}

const pending = <T,>() => {
  let release: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
};

afterEach(() => {
  vi.unstubAllGlobals();
  resetIntegrityForTests();
});

describe('global loading', () => {
  it('counts every call unless it opts out', () => {
    expect(countsForGlobalLoading(undefined)).toBe(true);
    expect(countsForGlobalLoading({ pins: true })).toBe(true);
    expect(countsForGlobalLoading({ globalLoading: false })).toBe(false);
  });

  it('is true while an ordinary query runs, not for a background one', async () => {
    const { client, result } = renderIndicator();
    expect(result.current).toBe(false);

    const background = pending<number>();
    act(() => {
      void client.fetchQuery({
        queryKey: ['sent'],
        queryFn: () => background.promise,
        meta: { globalLoading: false },
      });
    });
    expect(result.current).toBe(false);

    const counted = pending<number>();
    act(() => {
      void client.fetchQuery({ queryKey: ['navigation-menu'], queryFn: () => counted.promise });
    });
    await waitFor(() => expect(result.current).toBe(true));
    act(() => {
      counted.release(1);
      background.release(1);
    });
    await waitFor(() => expect(result.current).toBe(false));
  });

  it('does not count a background mutation', async () => {
    const { client, result } = renderIndicator();
    const call = pending<number>();
    act(() => {
      void client
        .getMutationCache()
        .build(client, { mutationFn: () => call.promise, meta: { globalLoading: false } })
        .execute(undefined);
    });
    expect(result.current).toBe(false);
    act(() => call.release(1));
  });

  it('stays off during the integrity refresh', async () => {
    const challenge = pending<Response>();
    const fetchSpy = vi.fn(() => challenge.promise);
    vi.stubGlobal('fetch', fetchSpy);
    resetIntegrityForTests({ solver: async () => ({ counter: 1, derivedKey: 'aa' }) });
    const { result } = renderIndicator();
    act(() => void refreshIntegrity());
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    expect(result.current).toBe(false);
    challenge.release(new Response(null, { status: 503 }));
  });
});
