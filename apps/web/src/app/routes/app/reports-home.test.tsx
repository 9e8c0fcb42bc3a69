import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  apiRoutes,
  type FavoritesResponse,
  type FeaturedResponse,
  type MenuItem,
  type Notification,
  type RecentsResponse,
} from '@cockpit/contracts';
import { useNotificationsStream } from '../../../features/notifications/hooks/use-notifications';
import { resetNotificationsStore } from '../../../features/notifications/store/notifications-store';
import { userSettingsFixture } from '../../../testing/fixtures';
import { stubApi, type StubCall } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { ReportsHomeRoute } from './reports-home';

// The reports home (docs/product.md §D.3 routes): four sections, each with its own loading, error and empty
// state; recents with a relative time in the UI language; favourites with unpin; featured (GET
// /api/navigation/featured, stubbed here); the three newest notifications opening the detail dialog.

afterEach(async () => {
  // Unmount now and let the notifications stream close, so the next test connects to its own server.
  cleanup();
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetNotificationsStore();
});

const item = (name: string, title: string, overrides: Partial<MenuItem> = {}): MenuItem => ({
  name,
  title,
  subTitle: null,
  icon: 'chart-line',
  path: `/reports/${name}`,
  externalUrl: null,
  isActive: false,
  isPinned: false,
  leaveTitleUntranslated: false,
  ...overrides,
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const notification = (uid: string, overrides: Partial<Notification> = {}): Notification => ({
  uid,
  userId: 'user-1',
  date: '2026-03-04T10:00:00.000Z',
  wasRead: true,
  mouseOver: true,
  content: {
    title: { en: `Title ${uid}`, de: `Titel ${uid}` },
    text: { en: `Text ${uid}`, de: `Text ${uid}` },
  },
  ...overrides,
});

type Server = {
  recents?: RecentsResponse | 'error';
  favorites?: FavoritesResponse | 'error';
  featured?: FeaturedResponse | 'error';
  notifications?: Notification[];
};

function homeServer(server: Server) {
  const favorites =
    server.favorites === 'error' || !server.favorites ? server.favorites : structuredClone(server.favorites);
  const answer = (body: unknown) => () =>
    body === 'error'
      ? jsonResponse({ error: { code: 'INTERNAL', message: 'boom' } }, 500)
      : jsonResponse(body ?? { reports: [], dashboards: [] });
  const encoder = new TextEncoder();
  return stubApi({
    [`GET ${apiRoutes.getUserSettings.path}`]: () => jsonResponse(userSettingsFixture()),
    [`GET ${apiRoutes.getDashboardsAvailability.path}`]: () => jsonResponse({ available: true }),
    [`GET ${apiRoutes.listRecents.path}`]: answer(server.recents ?? { items: [] }),
    [`GET ${apiRoutes.getFavorites.path}`]: () =>
      favorites === 'error' ? answer('error')() : jsonResponse(favorites ?? { reports: [], dashboards: [] }),
    [`GET ${apiRoutes.getFeatured.path}`]: answer(server.featured),
    [`PUT ${apiRoutes.updatePin.path}`]: (call: StubCall) => {
      const { kind, name, isPinned } = call.body as {
        kind: 'report' | 'dashboard';
        name: string;
        isPinned: boolean;
      };
      if (favorites && favorites !== 'error' && !isPinned) {
        const group = kind === 'report' ? 'reports' : 'dashboards';
        favorites[group] = favorites[group].filter((candidate) => candidate.name !== name);
      }
      return jsonResponse({ kind, name, isPinned });
    },
    [`PATCH /api/notifications/n1`]: () => {
      const found = server.notifications?.find((candidate) => candidate.uid === 'n1') ?? notification('n1');
      return jsonResponse({ ...found, wasRead: true });
    },
    [`GET ${apiRoutes.streamNotifications.path}`]: () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            const notifications = server.notifications ?? [];
            const event = {
              type: 'snapshot',
              notifications,
              hasMore: false,
              unreadCount: notifications.filter((candidate) => !candidate.wasRead).length,
            };
            controller.enqueue(encoder.encode(`event: snapshot\ndata: ${JSON.stringify(event)}\n\n`));
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      ),
  });
}

/** The route inside the signed-in shell, which alone opens the notifications stream (main-layout.tsx). */
function InShell() {
  useNotificationsStream();
  return <ReportsHomeRoute />;
}

const section = (id: string) => screen.getByTestId(`home-section-${id}`);

describe('ReportsHomeRoute', () => {
  it('shows every section empty with its placeholder tile', async () => {
    homeServer({});
    await renderWithProviders(<InShell />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    for (const [id, headline] of [
      ['recents', 'Nothing opened yet'],
      ['favorites', 'No favorites yet'],
      ['featured', 'Nothing featured yet'],
      ['notifications', 'No notifications'],
    ] as const) {
      await waitFor(() => expect(section(id)).toHaveAttribute('data-status', 'empty'));
      expect(within(section(id)).getByRole('heading', { name: headline })).toBeInTheDocument();
    }
    expect(
      screen.getByRole('heading', { level: 2, name: 'Continue where you left off' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Featured by your organisation' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Latest notifications' })).toBeInTheDocument();
  });

  it('lists the recent items newest first as links, with how long ago in the UI language', async () => {
    homeServer({
      recents: {
        items: [
          { kind: 'report', item: item('pmxlayout', 'PMX'), openedAt: hoursAgo(0) },
          {
            kind: 'dashboard',
            item: item('101', 'Executive', { path: '/dashboards/101' }),
            openedAt: hoursAgo(2),
          },
          { kind: 'report', item: item('totalviewlayout', 'Total view'), openedAt: hoursAgo(50) },
        ],
      },
    });
    const { i18n } = await renderWithProviders(<InShell />);
    const recents = await screen.findByRole('list', { name: 'Continue where you left off' });
    const links = within(recents).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['PMX', 'Executive', 'Total view']);
    expect(links[1]).toHaveAttribute('href', '/dashboards/101');
    expect(within(recents).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(recents).getByText('now')).toBeInTheDocument();
    expect(within(recents).getByText('2 days ago')).toBeInTheDocument();

    // Another UI language: the list is read again (titles in that language) and the times follow.
    await act(() => i18n.changeLanguage('de-DE'));
    expect(await screen.findByText('vor 2 Stunden')).toBeInTheDocument();
  });

  it('shows the favourites as tiles and unpins one', async () => {
    const calls = homeServer({
      favorites: {
        reports: [
          item('totalviewlayout', 'Total view', { isPinned: true, subTitle: 'All sales at a glance' }),
        ],
        dashboards: [item('101', 'Executive', { isPinned: true, path: '/dashboards/101' })],
      },
    });
    await renderWithProviders(<InShell />);
    const favorites = await screen.findByRole('list', { name: 'Favorites' });
    expect(within(favorites).getByRole('link', { name: /Total view/ })).toHaveAttribute(
      'href',
      '/reports/totalviewlayout',
    );
    expect(within(favorites).getByText('All sales at a glance')).toBeInTheDocument();

    await userEvent.click(within(favorites).getByRole('button', { name: 'Unpin Executive from favorites' }));
    await waitFor(() => expect(within(favorites).queryByText('Executive')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      kind: 'dashboard',
      name: '101',
      isPinned: false,
    });
  });

  it('shows what the organisation features; an external report opens in a new window', async () => {
    homeServer({
      featured: {
        reports: [
          item('market-data-portal', 'Market data', {
            path: null,
            externalUrl: 'https://example.com/market',
          }),
          item('sales-trend', 'Sales trend'),
        ],
        dashboards: [],
      },
    });
    await renderWithProviders(<InShell />);
    const featured = await screen.findByRole('list', { name: 'Featured by your organisation' });
    const external = within(featured).getByRole('link', { name: /Market data/ });
    expect(external).toHaveAttribute('href', 'https://example.com/market');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(featured).getByRole('link', { name: 'Sales trend' })).toHaveAttribute(
      'href',
      '/reports/sales-trend',
    );
  });

  it('a failing section shows the error tile with "try again"; the others still work', async () => {
    homeServer({
      recents: 'error',
      featured: { reports: [item('sales-trend', 'Sales trend')], dashboards: [] },
    });
    await renderWithProviders(<InShell />);
    await waitFor(() => expect(section('recents')).toHaveAttribute('data-status', 'error'));
    expect(
      within(section('recents')).getByRole('heading', { name: 'Error has occured' }),
    ).toBeInTheDocument();
    expect(within(section('recents')).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sales trend' })).toBeInTheDocument();
  });

  it('shows the three newest notifications, unread marked; a click opens the detail dialog and marks it read', async () => {
    const calls = homeServer({
      notifications: [
        notification('n1', {
          wasRead: false,
          content: { title: { en: 'Release notes', de: 'Hinweise' }, text: { en: 'What is new', de: 'Neu' } },
        }),
        notification('n2'),
        notification('n3'),
        notification('n4'),
      ],
    });
    await renderWithProviders(<InShell />);
    const list = await screen.findByRole('list', { name: 'Latest notifications' });
    const cards = within(list).getAllByTestId('notification-card');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveAttribute('data-unread', 'true');
    expect(cards[1]).not.toHaveAttribute('data-unread');
    expect(within(list).queryByText('Title n4')).not.toBeInTheDocument();

    await userEvent.click(cards[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Release notes' });
    expect(within(dialog).getByTestId('notification-dialog-text')).toHaveTextContent('What is new');
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'PATCH' && call.path === '/api/notifications/n1')).toBe(
        true,
      ),
    );
  });
});
