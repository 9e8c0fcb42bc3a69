import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, type Notification, type NotificationStreamEvent } from '@cockpit/contracts';
import { setToken } from '../../../lib/auth/token-store';
import { useGlobalLoading } from '../../../lib/global-loading';
import { Toaster } from '../../../lib/toaster';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { useHasUnreadNotifications, useNotificationsStream } from '../hooks/use-notifications';
import { applyStreamEvent, resetNotificationsStore, useNotificationsStore } from '../store/notifications-store';
import { NotificationsPanel } from './notifications-panel';

// spec §2 Notifications and the detail dialog, §4 (read on click, moused over once, new-message toast),
// §9 (language rule, 4-line clamp), against a stubbed server: the SSE stream and PATCH.

const long = 'A long text that needs more than four lines in the side panel. '.repeat(8);

const notification = (uid: string, overrides: Partial<Notification> = {}): Notification => ({
  uid,
  userId: 'user-1',
  date: '2025-03-04T10:00:00.000Z',
  wasRead: false,
  mouseOver: false,
  content: { title: { en: `Title ${uid}`, de: `Titel ${uid}` }, text: { en: `Text ${uid}`, de: `Text ${uid} (de)` } },
  ...overrides,
});

const fixtures = {
  unread: notification('n1', { content: { title: { en: 'Release notes', de: 'Versionshinweise' }, text: { en: 'Short', de: 'Kurz' }, url: 'https://example.com/notes' } }),
  long: notification('n2', { wasRead: true, date: '2025-03-01T10:00:00.000Z', content: { title: { en: 'Maintenance', de: 'Wartung' }, text: { en: long, de: long } } }),
  bad: notification('n3', { wasRead: true, date: '2025-02-01T10:00:00.000Z', content: { title: { en: 'Sneaky', de: 'Hinterlistig' }, text: { en: 'x', de: 'x' }, url: 'javascript:alert(1)' } }),
  englishOnly: notification('n4', { wasRead: true, date: '2025-01-01T10:00:00.000Z', content: { title: { en: 'English only', de: '' }, text: { en: 'Only English', de: '' } } }),
};

type Server = { push: (event: NotificationStreamEvent) => void; patches: Array<{ uid: string; body: unknown }> };

function stubServer(initial: Notification[]): Server {
  setToken('a.b.c');
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const patches: Server['patches'] = [];
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
              hasMore: false,
              unreadCount: initial.filter((item) => !item.wasRead).length,
            });
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      }
      if (request.method === 'PATCH') {
        const uid = pathname.split('/').pop() ?? '';
        const body = (await request.json()) as Record<string, unknown>;
        patches.push({ uid, body });
        const found = initial.find((item) => item.uid === uid) ?? notification(uid);
        return jsonResponse({ ...found, wasRead: found.wasRead || body.wasRead === true, mouseOver: found.mouseOver || body.mouseOver === true });
      }
      return jsonResponse({ error: { code: 'NOT_FOUND', message: pathname } }, 404);
    }),
  );
  return { push, patches };
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

/** Every value the content area's loading indicator took (spec §9 ignore list: never for the stream). */
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
        setTimeout(() => this.report([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver), 0);
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
    expect(cards.map((card) => within(card).getByText(/Release notes|Maintenance|Sneaky/).textContent)).toEqual([
      'Release notes',
      'Maintenance',
      'Sneaky',
    ]);
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

  it('a click updates the store once; the stream confirms it', async () => {
    const server = stubServer([fixtures.unread]);
    await renderWithProviders(<Layout />);
    const card = await screen.findByRole('button', { name: 'Release notes Unread' });
    const changes: Notification[][] = [];
    const unsubscribe = useNotificationsStore.subscribe((state, previous) => {
      if (state.notifications !== previous.notifications && state.notifications) changes.push(state.notifications);
    });
    // A click without a hover first (the hover would be a change of its own).
    act(() => card.click());
    await vi.waitFor(() => expect(server.patches).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(changes).toHaveLength(1);
    expect(changes[0]?.[0]?.wasRead).toBe(true);
    // The stream's upsert is the confirmation (and the one place the server's version comes in).
    act(() => server.push({ type: 'upsert', notification: { ...fixtures.unread, wasRead: true }, unreadCount: 0 }));
    await vi.waitFor(() => expect(changes).toHaveLength(2));
    unsubscribe();
    // Neither the stream nor the marking showed the global spinner (spec §9, DESIGN.md §3).
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

// The bell is a pure reader: only the shell opens the stream (useNotificationsStream).
describe('useHasUnreadNotifications', () => {
  it('reads the unread count without opening the stream', async () => {
    const fetchSpy = vi.fn(async (_input: RequestInfo | URL) => new Response(null, { status: 404 }));
    vi.stubGlobal('fetch', fetchSpy);
    setToken('a.b.c');
    resetNotificationsStore();
    await renderWithProviders(<Bell />);
    expect(screen.getByTestId('bell')).toHaveTextContent('all read');
    act(() => {
      applyStreamEvent({ type: 'snapshot', notifications: [fixtures.unread], hasMore: false, unreadCount: 1 });
    });
    expect(screen.getByTestId('bell')).toHaveTextContent('unread');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(fetchSpy.mock.calls.map(([input]) => String(input)).filter((url) => url.includes(apiRoutes.streamNotifications.path))).toEqual([]);
    act(() => resetNotificationsStore());
  });
});
