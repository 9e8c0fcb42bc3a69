import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { apiRoutes, type NotificationStreamEvent } from '@cockpit/contracts';
import { getDashboardsAvailabilityQueryOptions } from '../../../features/dashboards/api/get-dashboards-availability';
import { useNotificationsStream } from '../../../features/notifications/hooks/use-notifications';
import { getRecentsQueryOptions } from '../../../features/recents/api/get-recents';
import { getReportQueryOptions } from '../../../features/reports/api/get-report';
import { setToken } from '../../../lib/auth/token-store';
import { pinsMeta } from '../../../lib/pins';
import { refetchOnMeta } from '../../../lib/refetch-on';
import { renderWithProviders } from '../../../testing/test-utils';
import { useLiveCatalogue } from './shell-hooks';

// Decision 015: a catalogue event on the notification stream reads again exactly the queries whose
// `meta.refetchOn` asks for it (lib/refetch-on.ts) — the shell knows no feature's query keys.

function stubStream() {
  setToken('a.b.c');
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const push = (event: NotificationStreamEvent) =>
    controller?.enqueue(encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(new Request(input, init).url);
      if (pathname !== apiRoutes.streamNotifications.path) return new Response(null, { status: 404 });
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
          push({ type: 'snapshot', notifications: [], hasMore: false, unreadCount: 0 });
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return { push, connected: () => controller !== undefined };
}

const reads = { asks: 0, alsoAsks: 0, silent: 0 };

function Shell() {
  useNotificationsStream();
  useLiveCatalogue();
  const asks = useQuery({
    queryKey: ['asks'],
    queryFn: () => ++reads.asks,
    meta: refetchOnMeta('catalogue-changed'),
  });
  // The same event named next to another meta (how the pins' queries carry it).
  useQuery({
    queryKey: ['also-asks'],
    queryFn: () => ++reads.alsoAsks,
    meta: { globalLoading: false, ...refetchOnMeta('catalogue-changed') },
  });
  // A key the old hard-coded list named ('report'), but no meta: not read again.
  useQuery({ queryKey: ['report', 'silent'], queryFn: () => ++reads.silent });
  return <span data-testid="asks">{asks.data}</span>;
}

afterEach(async () => {
  cleanup();
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  vi.unstubAllGlobals();
});

describe('useLiveCatalogue', () => {
  it('reads again exactly the queries whose meta asks for the catalogue event', async () => {
    const server = stubStream();
    const { queryClient } = await renderWithProviders(<Shell />);
    await vi.waitFor(() => expect(screen.getByTestId('asks')).toHaveTextContent('1'));
    await vi.waitFor(() => expect(reads).toEqual({ asks: 1, alsoAsks: 1, silent: 1 }));
    await vi.waitFor(() => expect(server.connected()).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));

    act(() => server.push({ type: 'catalogue' }));
    await vi.waitFor(() => expect(screen.getByTestId('asks')).toHaveTextContent('2'));
    await vi.waitFor(() => expect(reads).toEqual({ asks: 2, alsoAsks: 2, silent: 1 }));
    expect(queryClient.getQueryState(['report', 'silent'])?.isInvalidated).toBe(false);
  });

  it('is asked for by the queries that show catalogue content', () => {
    const asks = { refetchOn: ['catalogue-changed'] };
    expect(getReportQueryOptions('r', {}, 'en').meta).toMatchObject(asks);
    expect(getRecentsQueryOptions('en').meta).toMatchObject(asks);
    expect(getDashboardsAvailabilityQueryOptions().meta).toMatchObject(asks);
    expect(pinsMeta({ shape: 'favorites' })).toMatchObject(asks);
  });
});
