import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { apiRoutes, type UserSettings } from '@cockpit/contracts';
import { useNavigationStore } from '../features/navigation/store/navigation-store';
import { resetSessionForTests } from '../lib/auth/session';
import { menuFixture, userSettingsFixture } from '../testing/fixtures';
import { createTestI18n, createTestQueryClient, jsonResponse, TestProviders } from '../testing/test-utils';
import { createAppRoutes, createPatchRoutesOnNavigation, routeIds } from './router';

// docs/product.md §2 routes and §6 guards, through the real route tree with a stubbed server.

type ServerState = { session: boolean; settings: UserSettings; dashboards: boolean };

function stubServer(state: ServerState) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const { pathname } = new URL(request.url);
      requests.push(`${request.method} ${pathname}`);
      const unauthorized = jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'No session' } }, 401);
      switch (`${request.method} ${pathname}`) {
        case `GET ${apiRoutes.getToken.path}`:
          return state.session ? jsonResponse({ token: 'a.b.c' }) : unauthorized;
        case `GET ${apiRoutes.getUserSettings.path}`:
          return state.session ? jsonResponse(state.settings) : unauthorized;
        case `GET ${apiRoutes.getMenu.path}`:
          return jsonResponse(menuFixture);
        case `GET ${apiRoutes.getDashboardsAvailability.path}`:
          return jsonResponse({ available: state.dashboards });
        case `GET ${apiRoutes.getCurrentMessage.path}`:
          return jsonResponse({ success: false, item: null });
        case `GET ${apiRoutes.getContractMessage.path}`:
          return jsonResponse({ available: false, item: null });
        case `GET ${apiRoutes.listUsers.path}`:
          return jsonResponse({ items: [], total: 0, page: 1, pageSize: 25 });
        case `GET ${apiRoutes.getContract.path}`:
          return jsonResponse({
            organisationName: 'Demo GmbH',
            current: null,
            pending: null,
            usage: { activeUsers: 3, basicUsers: 1, proUsers: 2 },
          });
        case `POST ${apiRoutes.signOut.path}`:
          state.session = false;
          return jsonResponse({ success: true });
        default:
          return jsonResponse({ error: { code: 'NOT_FOUND', message: pathname } }, 404);
      }
    }),
  );
  return requests;
}

async function renderApp(path: string) {
  const queryClient = createTestQueryClient();
  const i18n = await createTestI18n('en');
  const router = createMemoryRouter(createAppRoutes(queryClient), {
    initialEntries: [path],
    patchRoutesOnNavigation: createPatchRoutesOnNavigation(queryClient),
  });
  render(
    <TestProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

/** `matchMedia` answers as a screen `width` px wide would, for the `max-width` queries the layout asks. */
function mockScreenWidth(width: number) {
  // A stubbed global, undone after each test (a spy on setup-tests' own mock would leave it empty).
  vi.stubGlobal('matchMedia', (query: string) => {
    const maxWidth = /max-width:\s*([\d.]+)px/.exec(query)?.[1];
    return {
      matches: maxWidth !== undefined && width <= Number(maxWidth),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    } as unknown as MediaQueryList;
  });
}

function routeIdsOf(routes: readonly { id: string; children?: unknown }[]): string[] {
  return routes.flatMap((route) => [
    route.id,
    ...routeIdsOf((route.children ?? []) as { id: string; children?: unknown }[]),
  ]);
}

beforeEach(() => {
  resetSessionForTests();
  useNavigationStore.getState().reset();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const member = userSettingsFixture();
const admin = userSettingsFixture({
  roleKey: 'organisationadministrator',
  role: 'Organisation administrator',
  userDisplayName: 'Anna Admin',
});

describe('routes and guards', () => {
  it('an unknown path shows the page-not-found texts with a link home (docs/product.md §2)', async () => {
    stubServer({ session: false, settings: member, dashboards: false });
    await renderApp('/no/such/page');
    expect(await screen.findByText('Oops, page not found')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Sorry, the page you are looking for doesn't exist or has been moved. Please return to home or contact support if you keep seeing this error.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'return to home' })).toHaveAttribute('href', '/');
  });

  it('without a session a guarded route redirects to /login and remembers the page', async () => {
    stubServer({ session: false, settings: member, dashboards: false });
    const router = await renderApp('/settings');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirectTo=%2Fsettings');
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Login'));
  });

  it('signed in, the root shows the main layout with the real menu', async () => {
    stubServer({ session: true, settings: member, dashboards: true });
    await renderApp('/');
    const panel = await screen.findByTestId('menu-panel');
    expect(await within(panel).findByText('Max Member')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Sales' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    // The page follows the shell in a deferred render (main-layout.tsx).
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    // Dashboards are available: the side menu shows their button (docs/product.md §2).
    expect(screen.getByRole('button', { name: 'Dashboards' })).toBeInTheDocument();
  });

  it('dashboards redirect to the root when not available (docs/product.md §2), which is the reports home', async () => {
    stubServer({ session: true, settings: member, dashboards: false });
    const router = await renderApp('/dashboards');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'));
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dashboards' })).not.toBeInTheDocument();
  });

  it('the root redirects to the reports home (docs/product.md §2 "empty path redirects to reports"), keeping the query', async () => {
    stubServer({ session: true, settings: member, dashboards: true });
    const router = await renderApp('/?from=bookmark');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'));
    expect(router.state.location.search).toBe('?from=bookmark');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Continue where you left off' })).toBeInTheDocument();
  });

  it('signed out, the root goes to /login without naming the reports home as the target', async () => {
    stubServer({ session: false, settings: member, dashboards: false });
    const router = await renderApp('/');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
  });

  it('a member has no Management button in the side menu', async () => {
    stubServer({ session: true, settings: member, dashboards: true });
    await renderApp('/reports');
    expect(await screen.findByRole('link', { name: 'Settings' })).toBeInTheDocument();
    await screen.findByText('Max Member');
    expect(screen.queryByRole('link', { name: 'Management' })).not.toBeInTheDocument();
  });

  it('an administrator has a Management button in the side menu, marked while in management', async () => {
    stubServer({ session: true, settings: admin, dashboards: true });
    const router = await renderApp('/reports');
    const button = await screen.findByRole('link', { name: 'Management' });
    expect(button).toHaveAttribute('href', '/management');
    expect(button).not.toHaveAttribute('aria-current');
    await userEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/management/users'));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Management' })).toHaveAttribute('aria-current', 'page'),
    );
  });

  it('below 1024 px the side panel overlays the page: Escape, the backdrop or a chosen item close it', async () => {
    mockScreenWidth(900);
    useNavigationStore.getState().reset();
    stubServer({ session: true, settings: member, dashboards: true });
    const router = await renderApp('/reports');
    const panel = await screen.findByTestId('menu-panel');
    const sidePanel = document.getElementById('side-panel')!;
    // 768–1023 px: it starts expanded, over the page, which is out of reach meanwhile.
    expect(sidePanel).toBeVisible();
    expect(sidePanel).toHaveAttribute('data-overlay', 'true');
    expect(screen.getByTestId('side-panel-backdrop')).toBeInTheDocument();
    expect(document.getElementById('main-content')).toHaveAttribute('inert');

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(sidePanel).not.toBeVisible());
    expect(screen.queryByTestId('side-panel-backdrop')).not.toBeInTheDocument();
    expect(document.getElementById('main-content')).not.toHaveAttribute('inert');

    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(sidePanel).toBeVisible();
    await userEvent.click(screen.getByTestId('side-panel-backdrop'));
    await waitFor(() => expect(sidePanel).not.toBeVisible());

    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(within(panel).getByRole('link', { name: /Total view/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports/totalviewlayout'));
    await waitFor(() => expect(sidePanel).not.toBeVisible());
  });

  it('below 768 px the side panel starts collapsed', async () => {
    mockScreenWidth(390);
    useNavigationStore.getState().reset();
    stubServer({ session: true, settings: member, dashboards: true });
    await renderApp('/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(document.getElementById('side-panel')).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Expand side panel' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // A phone does not build the menu it does not show (decision 016); it is there once the panel opens.
    expect(screen.queryByTestId('menu-panel')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Expand side panel' }));
    expect(await screen.findByTestId('menu-panel')).toBeVisible();
  });

  it('dashboards open when available', async () => {
    stubServer({ session: true, settings: member, dashboards: true });
    const router = await renderApp('/dashboards');
    expect(await screen.findByRole('heading', { name: 'Dashboards' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboards');
  });

  it('for a member /management matches nothing: page not found, no management routes exist', async () => {
    stubServer({ session: true, settings: member, dashboards: true });
    const router = await renderApp('/management');
    expect(await screen.findByText('Oops, page not found')).toBeInTheDocument();
    expect(routeIdsOf(router.routes)).not.toContain(routeIds.management);
  });

  it('signed out, /management is not found either (nothing is revealed)', async () => {
    stubServer({ session: false, settings: member, dashboards: false });
    const router = await renderApp('/management');
    expect(await screen.findByText('Oops, page not found')).toBeInTheDocument();
    expect(routeIdsOf(router.routes)).not.toContain(routeIds.management);
  });

  it('an administrator reaches management and the contract center', async () => {
    stubServer({ session: true, settings: admin, dashboards: true });
    const router = await renderApp('/management');
    expect(await screen.findByRole('heading', { name: 'Management' })).toBeInTheDocument();
    expect(routeIdsOf(router.routes)).toContain(routeIds.management);
    // The area opens on its first section; the contract center is one of its sections.
    await waitFor(() => expect(router.state.location.pathname).toBe('/management/users'));
    await userEvent.click(await screen.findByRole('link', { name: 'Contract center' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/management/administrator/contractcenter'),
    );
    expect(await screen.findByRole('heading', { name: 'Current contract of Demo GmbH' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Contract center · Management'));
  });

  it('the management loader checks again on activation (role lost since the routes were added)', async () => {
    const state = { session: true, settings: admin, dashboards: true };
    stubServer(state);
    const queryClient = createTestQueryClient();
    const i18n = await createTestI18n('en');
    const router = createMemoryRouter(createAppRoutes(queryClient), {
      initialEntries: ['/management'],
      patchRoutesOnNavigation: createPatchRoutesOnNavigation(queryClient),
    });
    render(
      <TestProviders i18n={i18n} queryClient={queryClient}>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    expect(await screen.findByRole('heading', { name: 'Management' })).toBeInTheDocument();
    await router.navigate('/');
    queryClient.clear();
    state.settings = member;
    await router.navigate('/management');
    expect(await screen.findByText('Oops, page not found')).toBeInTheDocument();
  });

  it('log-out goes to /login, then ends the session on the server (docs/product.md §4)', async () => {
    const requests = stubServer({ session: true, settings: member, dashboards: true });
    const router = await renderApp('/');
    await screen.findByTestId('menu-panel');
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(requests).toContain(`POST ${apiRoutes.signOut.path}`));
  });
});
