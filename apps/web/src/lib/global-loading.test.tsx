import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createTestQueryClient } from '../testing/test-utils';
import { countsForGlobalLoading, useGlobalLoading } from './global-loading';

// spec §9 / DESIGN.md §3: the loading indicator ignores the notifications stream and the integrity refresh.
describe('global loading', () => {
  it('ignores the listed keys and calls that opt out', () => {
    expect(countsForGlobalLoading(['navigation-menu', 'en'], undefined)).toBe(true);
    expect(countsForGlobalLoading(['notifications-stream'], undefined)).toBe(false);
    expect(countsForGlobalLoading(['integrity-token'], undefined)).toBe(false);
    expect(countsForGlobalLoading(['anything'], { globalLoading: false })).toBe(false);
    expect(countsForGlobalLoading(undefined, undefined)).toBe(true);
  });

  it('is true while a counted query runs, not for an ignored one', async () => {
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useGlobalLoading(), { wrapper });
    expect(result.current).toBe(false);

    let releaseIgnored: () => void = () => undefined;
    act(() => {
      void client.fetchQuery({
        queryKey: ['integrity-token'],
        queryFn: () => new Promise<number>((resolve) => (releaseIgnored = () => resolve(1))),
      });
    });
    expect(result.current).toBe(false);

    let releaseCounted: () => void = () => undefined;
    act(() => {
      void client.fetchQuery({
        queryKey: ['navigation-menu'],
        queryFn: () => new Promise<number>((resolve) => (releaseCounted = () => resolve(1))),
      });
    });
    await waitFor(() => expect(result.current).toBe(true));
    act(() => {
      releaseCounted();
      releaseIgnored();
    });
    await waitFor(() => expect(result.current).toBe(false));
  });
});
