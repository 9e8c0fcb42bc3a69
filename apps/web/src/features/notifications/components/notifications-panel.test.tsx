import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  apiRoutes,
  type Notification,
  type NotificationPage,
  type NotificationStreamEvent,
} from '@cockpit/contracts';
import { setToken } from '../../../lib/auth/token-store';
import { useGlobalLoading } from '../../../lib/global-loading';
import { Toaster } from '../../../lib/toaster';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { useHasUnreadNotifications, useNotificationsStream } from '../hooks/use-notifications';
import {
  applyStreamEvent,
  notificationsListOptions,
  notificationsOf,
  unreadCountOptions,
  type NotificationsData,
} from '../api/notifications-cache';
import { NotificationsPanel } from './notifications-panel';

// docs/product.md §2 Notifications and the detail dialog, §4 (read on click, moused over once, new-message toast),
// §9 (language rule, 4-line clamp), against a stubbed server: the SSE stream and PATCH.

const long = 'A long text that needs more than four lines in the side panel. '.repeat(8);

const notification = (uid: string, overrides: Partial<Notification> = {}): Notification => ({
  uid,
  userId: 'user-1',
  date: '2025-03-04T10:00:00.000Z',
  wasRead: false,
  mouseOver: false,
  content: {
    title: { en: `Title ${uid}`, de: `Titel ${uid}` },
    text: { en: `Text ${uid}`, de: `Text ${uid} (de)` },
  },
  ...overrides,
});

const fixtures = {
  unread: notification('n1', {
    content: {
      title: { en: 'Release notes', de: 'Versionshinweise' },
      text: { en: 'Short', de: 'Kurz' },
      url: 'https://example.com/notes',
    },
  }),
  long: notification('n2', {
    wasRead: true,
    date: '2025-03-01T10:00:00.000Z',
    content: { title: { en: 'Maintenance', de: 'Wartung' }, text: { en: long, de: long } },
  }),
  bad: notification('n3', {
    wasRead: true,
    date: '2025-02-01T10:00:00.000Z',
    content: {
      title: { en: 'Sneaky', de: 'Hinterlistig' },
      text: { en: 'x', de: 'x' },
      url: 'javascript:alert(1)',
    },
  }),
  englishOnly: notification('n4', {
    wasRead: true,
    date: '2025-01-01T10:00:00.000Z',
    content: { title: { en: 'English only', de: '' }, text: { en: 'Only English', de: '' } },
  }),
};

type Server = {
  push: (event: NotificationStreamEvent) => void;
  patches: Array<{ uid: string; body: unknown }>;
  /** `GET /api/notifications` requests (pages), by their query. */
  pageRequests: URLSearchParams[];
};

function stubServer(
  initial: Notification[],
  { hasMore = false, olderPages = [] }: { hasMore?: boolean; olderPages?: NotificationPage[] } = {},
): Server {
  setToken('a.b.c');
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const patches: Server['patches'] = [];
  const pageRequests: Server['pageRequests'] = [];
  const push = (event: NotificationStreamEvent) =>
    controller?.enqueue(encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const { pathname } = new URL(request.url);
      if (pathname === apiRoutes.streamNotifications.path) {
        const body = new ReadableStream<Uint8Array>({
          start(c) {
            controller = c;
            push({
              type: 'snapshot',
              notifications: initial,
              hasMore,
              unreadCount: initial.filter((item) => !item.wasRead).length,
            });
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      }
      if (request.method === 'GET' && pathname === apiRoutes.listOlderNotifications.path) {
        pageRequests.push(new URL(request.url).searchParams);
        const page = olderPages.shift();
        return page ? jsonResponse(page) : jsonResponse({ error: { code: 'INTERNAL', message: 'x' } }, 500);
      }
      if (request.method === 'PATCH') {
        const uid = pathname.split('/').pop() ?? '';
        const body = (await request.json()) as Record<string, unknown>;
        patches.push({ uid, body });
        const found = initial.find((item) => item.uid === uid) ?? notification(uid);
        return jsonResponse({
          ...found,
          wasRead: found.wasRead || body.wasRead === true,
          mouseOver: found.mouseOver || body.mouseOver === true,
        });
      }
      return jsonResponse({ error: { code: 'NOT_FOUND', message: pathname } }, 404);
    }),
  );
  return { push, patches, pageRequests };
}

function Bell() {
  const unread = useHasUnreadNotifications();
  return <span data-testid="bell">{unread ? 'unread' : 'all read'}</span>;
}

/** The shell's part: it alone opens the stream (main-layout.tsx). */
function Stream() {
  useNotificationsStream();
  return null;
}

/** Every value the content area's loading indicator took (docs/product.md §9 ignore list: never for the stream). */
let spinnerSeen: boolean[] = [];
function SpinnerProbe() {
  spinnerSeen.push(useGlobalLoading());
  return null;
}

function Layout({ uiCulture }: { uiCulture?: string }) {
  return (
    <>
      <Stream />
      <SpinnerProbe />
      <Shown uiCulture={uiCulture} />
    </>
  );
}

function Shown({ uiCulture }: { uiCulture?: string }) {
  return (
    <>
      <Bell />
      <NotificationsPanel uiCulture={uiCulture} />
      <Toaster />
    </>
  );
}

beforeEach(() => {
  spinnerSeen = [];
  // jsdom does no layout: a text longer than 300 characters is "taller than four lines".
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return (this.textContent?.length ?? 0) > 300 ? 200 : 80;
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(80);
  // As in a browser, an observed element is reported once after layout: that is when the cut is measured.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe(target: Element) {
        setTimeout(
          () => this.report([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver),
          0,
        );
      }
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Unmount now and let the connection close, so the next test starts without data.
  cleanup();
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
});

describe('NotificationsPanel', () => {
  it('shows cards newest first with short date, unread dot and "read more" only on a cut text', async () => {
    stubServer([fixtures.unread, fixtures.long, fixtures.bad]);
    await renderWithProviders(<Layout uiCulture="en-GB" />);
    const cards = await screen.findAllByTestId('notification-card');
    expect(
      cards.map((card) => within(card).getByText(/Release notes|Maintenance|Sneaky/).textContent),
    ).toEqual(['Release notes', 'Maintenance', 'Sneaky']);
    expect(cards[0]).toHaveAccessibleName('Release notes Unread');
    expect(within(cards[0]!).getByTestId('unread-dot')).toBeInTheDocument();
    expect(within(cards[1]!).queryByTestId('unread-dot')).toBeNull();
    expect(within(cards[0]!).getByText('04/03/2025')).toBeInTheDocument();
    // Measured once the browser reports the laid-out card (the stubbed ResizeObserver above).
    expect(await within(cards[1]!).findByText('read more')).toBeInTheDocument();
    expect(within(cards[0]!).queryByText('read more')).toBeNull();
    expect(screen.getByTestId('bell')).toHaveTextContent('unread');
  });

  it('uses German texts (falling back to English) and the German short date for de-DE', async () => {
    stubServer([fixtures.unread, fixtures.englishOnly]);
    await renderWithProviders(<Layout uiCulture="de-DE" />, { language: 'de-DE' });
    expect(await screen.findByText('Versionshinweise')).toBeInTheDocument();
    expect(screen.getByText('Kurz')).toBeInTheDocument();
    expect(screen.getByText('04.03.25')).toBeInTheDocument();
    expect(screen.getByText('English only')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Benachrichtigungen' })).toBeInTheDocument();
  });

  it('click marks read and opens the dialog with the link in a new tab; the bell follows', async () => {
    const server = stubServer([fixtures.unread, fixtures.long]);
    await renderWithProviders(<Layout />);
    await userEvent.click(await screen.findByRole('button', { name: 'Release notes Unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release notes' });
    expect(within(dialog).getByText('Short')).toBeInTheDocument();
    const link = within(dialog).getByRole('link', { name: /^Link/ });
    expect(link).toHaveAttribute('href', 'https://example.com/notes');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(server.patches).toContainEqual({ uid: 'n1', body: expect.objectContaining({ wasRead: true }) });
    expect(screen.getByTestId('bell')).toHaveTextContent('all read');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A read card opens without another PATCH.
    await userEvent.click(screen.getByRole('button', { name: 'Maintenance' }));
    expect(await screen.findByRole('dialog', { name: 'Maintenance' })).toBeInTheDocument();
    expect(server.patches.filter((patch) => 'wasRead' in (patch.body as object))).toHaveLength(1);
  });

  it('a click updates the cache once; the stream confirms it', async () => {
    const server = stubServer([fixtures.unread]);
    const { queryClient } = await renderWithProviders(<Layout />);
    const card = await screen.findByRole('button', { name: 'Release notes Unread' });
    const changes: Notification[][] = [];
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const data = queryClient.getQueryData<NotificationsData>(notificationsListOptions.queryKey);
      if (event.query.queryKey[1] === 'list' && data) changes.push(notificationsOf(data));
    });
    // A click without a hover first (the hover would be a change of its own).
    act(() => card.click());
    await vi.waitFor(() => expect(server.patches).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(changes).toHaveLength(1);
    expect(changes[0]?.[0]?.wasRead).toBe(true);
    // The stream's upsert is the confirmation (and the one place the server's version comes in).
    act(() =>
      server.push({ type: 'upsert', notification: { ...fixtures.unread, wasRead: true }, unreadCount: 0 }),
    );
    await vi.waitFor(() => expect(changes).toHaveLength(2));
    unsubscribe();
    // Neither the stream nor the marking showed the global spinner (docs/product.md §9, docs/product.md §D.3).
    expect(spinnerSeen.length).toBeGreaterThan(0);
    expect(spinnerSeen).not.toContain(true);
  });

  it('never renders a link that is not http(s)', async () => {
    stubServer([fixtures.bad]);
    await renderWithProviders(<Layout />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sneaky' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sneaky' });
    expect(within(dialog).queryByRole('link')).toBeNull();
    expect(within(dialog).queryByText('Link')).toBeNull();
  });

  it('hovering marks moused over once', async () => {
    const server = stubServer([fixtures.unread]);
    await renderWithProviders(<Layout />);
    const card = await screen.findByRole('button', { name: 'Release notes Unread' });
    await userEvent.hover(card);
    await userEvent.unhover(card);
    await userEvent.hover(card);
    await vi.waitFor(() => expect(server.patches).toHaveLength(1));
    expect(server.patches[0]).toEqual({ uid: 'n1', body: expect.objectContaining({ mouseOver: true }) });
  });

  it('shows the empty state, then a live notification with the info toast', async () => {
    const server = stubServer([]);
    await renderWithProviders(<Layout />);
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
    expect(screen.queryByText('New Notification')).toBeNull();
    expect(screen.getByTestId('bell')).toHaveTextContent('all read');

    act(() => server.push({ type: 'upsert', notification: notification('live'), unreadCount: 1 }));
    expect(await screen.findByRole('button', { name: 'Title live Unread' })).toBeInTheDocument();
    const toast = await screen.findByText('You have received a new Notification.');
    expect(screen.getByText('New Notification')).toBeInTheDocument();
    // Announced to screen readers: the toast is a live region.
    expect(toast.closest('[role="status"], [role="alert"]')).not.toBeNull();
    expect(screen.getByTestId('bell')).toHaveTextContent('unread');

    // A later snapshot (after a reconnect) shows no second toast.
    act(() =>
      server.push({
        type: 'snapshot',
        notifications: [notification('live'), notification('other')],
        hasMore: false,
        unreadCount: 2,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Title other Unread' })).toBeInTheDocument();
    expect(screen.getAllByText('New Notification')).toHaveLength(1);
  });
});

// Server state in the query cache (decision 011, update): the stream writes the list and the count in
// place (no page is read again for an event), and older pages are the infinite query's next pages.
describe('NotificationsPanel with the query cache', () => {
  /** The list end's observer: the test says when the end scrolls into view. */
  let scrolledToEnd: () => void;
  beforeEach(() => {
    const callbacks = new Set<IntersectionObserverCallback>();
    scrolledToEnd = () => {
      for (const callback of callbacks) {
        callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
      }
    };
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe() {
          callbacks.add(this.callback);
        }
        unobserve() {}
        disconnect() {
          callbacks.delete(this.callback);
        }
      },
    );
  });

  it('a stream event updates the list and the unread count without reading a page', async () => {
    const server = stubServer([fixtures.unread, fixtures.long]);
    const { queryClient } = await renderWithProviders(<Layout />);
    expect(await screen.findByRole('button', { name: 'Release notes Unread' })).toBeInTheDocument();
    expect(queryClient.getQueryData(unreadCountOptions.queryKey)).toBe(1);
    expect(screen.getByTestId('bell')).toHaveTextContent('unread');

    // Read in another tab: the card loses its dot and the bell follows.
    act(() =>
      server.push({ type: 'upsert', notification: { ...fixtures.unread, wasRead: true }, unreadCount: 0 }),
    );
    expect(await screen.findByRole('button', { name: 'Release notes' })).toBeInTheDocument();
    expect(screen.getByTestId('bell')).toHaveTextContent('all read');
    expect(queryClient.getQueryData(unreadCountOptions.queryKey)).toBe(0);

    // Deleted on the server: gone from the list.
    act(() => server.push({ type: 'remove', uid: fixtures.long.uid, unreadCount: 0 }));
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Maintenance' })).toBeNull());

    // A new one: at the top, counted.
    act(() =>
      server.push({
        type: 'upsert',
        notification: notification('n9', { date: '2025-04-01T10:00:00.000Z' }),
        unreadCount: 1,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Title n9 Unread' })).toBeInTheDocument();
    expect(screen.getAllByTestId('notification-card')).toHaveLength(2);
    expect(screen.getByTestId('bell')).toHaveTextContent('unread');
    expect(queryClient.getQueryData(unreadCountOptions.queryKey)).toBe(1);
    expect(server.pageRequests).toEqual([]);
  });

  it('loads the next page below the list when its end is in view', async () => {
    const older = notification('n8', { wasRead: true, date: '2024-12-01T10:00:00.000Z' });
    const server = stubServer([fixtures.unread, fixtures.long], {
      hasMore: true,
      olderPages: [{ notifications: [older], hasMore: false }],
    });
    await renderWithProviders(<Layout />);
    expect(await screen.findByTestId('notifications-older')).toBeInTheDocument();
    expect(server.pageRequests).toEqual([]);
    act(() => scrolledToEnd());
    expect(await screen.findByRole('button', { name: 'Title n8' })).toBeInTheDocument();
    expect(server.pageRequests).toHaveLength(1);
    expect(server.pageRequests[0]?.get('beforeUid')).toBe(fixtures.long.uid);
    expect(server.pageRequests[0]?.get('beforeDate')).toBe(fixtures.long.date);
    const titles = screen
      .getAllByTestId('notification-card')
      .map((card) => within(card).getAllByText(/Release notes|Maintenance|Title n8/)[0]?.textContent);
    expect(titles).toEqual(['Release notes', 'Maintenance', 'Title n8']);
    // The last page: no more to load.
    await vi.waitFor(() => expect(screen.queryByTestId('notifications-older')).toBeNull());
    // Loading a page is no reason for the content area's loading indicator (docs/product.md §9).
    expect(spinnerSeen).not.toContain(true);
  });

  it('says when an older page could not be loaded, and loads it when scrolled to again', async () => {
    const older = notification('n8', { wasRead: true, date: '2024-12-01T10:00:00.000Z' });
    const pages: NotificationPage[] = [];
    const server = stubServer([fixtures.unread], { hasMore: true, olderPages: pages });
    await renderWithProviders(<Layout />);
    await screen.findByTestId('notifications-older');
    act(() => scrolledToEnd());
    expect(
      await screen.findByText('Older notifications could not be loaded. Scroll again to retry.'),
    ).toBeInTheDocument();
    pages.push({ notifications: [older], hasMore: false });
    act(() => scrolledToEnd());
    expect(await screen.findByRole('button', { name: 'Title n8' })).toBeInTheDocument();
    expect(server.pageRequests).toHaveLength(2);
  });
});

// The bell is a pure reader: only the shell opens the stream (useNotificationsStream).
describe('useHasUnreadNotifications', () => {
  it('reads the unread count without opening the stream', async () => {
    const fetchSpy = vi.fn(async (_input: RequestInfo | URL) => new Response(null, { status: 404 }));
    vi.stubGlobal('fetch', fetchSpy);
    setToken('a.b.c');
    const { queryClient } = await renderWithProviders(<Bell />);
    expect(screen.getByTestId('bell')).toHaveTextContent('all read');
    act(() => {
      applyStreamEvent(queryClient, {
        type: 'snapshot',
        notifications: [fixtures.unread],
        hasMore: false,
        unreadCount: 1,
      });
    });
    await vi.waitFor(() => expect(screen.getByTestId('bell')).toHaveTextContent('unread'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(
      fetchSpy.mock.calls
        .map(([input]) => String(input as unknown))
        .filter((url) => url.includes(apiRoutes.streamNotifications.path)),
    ).toEqual([]);
  });
});
