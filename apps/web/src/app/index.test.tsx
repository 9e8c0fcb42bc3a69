import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes } from '@cockpit/contracts';
import { resetSessionForTests } from '../lib/auth/session';
import { resetIntegrityForTests } from '../lib/integrity/integrity';
import { menuFixture, userSettingsFixture } from '../testing/fixtures';
import { createTestI18n, jsonResponse } from '../testing/test-utils';
import { App } from './index';
import { createRouterStart, type RouterModule } from './router-start';

// Decision 011: a page loaded at /login is drawn without React Router; the router module is imported
// only when the user signs in (or the history moves to another page), and starts at the page to go to.

function stubServer() {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const { pathname } = new URL(request.url);
      requests.push(`${request.method} ${pathname}`);
      switch (`${request.method} ${pathname}`) {
        case `POST ${apiRoutes.signInWithEmail.path}`:
          return jsonResponse({ user: {} });
        case `GET ${apiRoutes.getToken.path}`:
          return jsonResponse({ token: 'a.b.c' });
        case `GET ${apiRoutes.getUserSettings.path}`:
          return jsonResponse(userSettingsFixture());
        case `GET ${apiRoutes.getMenu.path}`:
          return jsonResponse(menuFixture);
        case `GET ${apiRoutes.getDashboardsAvailability.path}`:
          return jsonResponse({ available: false });
        case `GET ${apiRoutes.getCurrentMessage.path}`:
          return jsonResponse({ success: false, item: null });
        case `GET ${apiRoutes.getContractMessage.path}`:
          return jsonResponse({ available: false, item: null });
        default:
          return jsonResponse({ error: { code: 'NOT_FOUND', message: pathname } }, 404);
      }
    }),
  );
  return requests;
}

/** The app as main.tsx renders it for a page loaded at `url` (a login URL: no router yet). */
async function renderLoadedAt(url: string) {
  window.history.replaceState(null, '', url);
  const importRouter = vi.fn((): Promise<RouterModule> => import('./routed-app'));
  const routerStart = createRouterStart(importRouter);
  const i18n = await createTestI18n('en');
  render(<App i18n={i18n} routerStart={routerStart} routedApp={undefined} />);
  return { importRouter, routerStart };
}

beforeEach(() => {
  resetSessionForTests();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetIntegrityForTests();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('a page loaded at /login', () => {
  it('shows the login screen without the router, and starts the router at the requested page after signing in', async () => {
    const requests = stubServer();
    const { importRouter, routerStart } = await renderLoadedAt('/login?redirectTo=%2Fsettings%3Ftab%3Da');
    const historyLength = window.history.length;

    await userEvent.type(await screen.findByLabelText('E-mail'), 'max@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    expect(importRouter).not.toHaveBeenCalled();
    expect(routerStart.current()).toBeUndefined();
    expect(document.title).toBe('Login');

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(routerStart.current()).toBeDefined(), { timeout: 20_000 });
    expect(importRouter).toHaveBeenCalledTimes(1);
    expect(requests).toContain(`POST ${apiRoutes.signInWithEmail.path}`);

    // The router starts at the page originally requested; /login is replaced (as the router's own
    // navigate would), so Back goes where it went from the login screen — no page load, no new entry.
    const { router } = routerStart.current()!;
    expect(router.state.location.pathname).toBe('/settings');
    expect(router.state.location.search).toBe('?tab=a');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/settings?tab=a');
    expect(window.history.length).toBe(historyLength);

    // Once the settings page's guard and chunks are loaded, the router's screens replace the login screen.
    await waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 20_000 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument(), {
      timeout: 20_000,
    });
    expect(await screen.findByTestId('menu-panel', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('an unsafe redirect target is dropped: the router starts at the root', async () => {
    stubServer();
    const { routerStart } = await renderLoadedAt('/login/?redirectTo=%2F%2Fevil.example');

    await userEvent.type(await screen.findByLabelText('E-mail'), 'max@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(routerStart.current()).toBeDefined(), { timeout: 20_000 });
    expect(routerStart.current()!.router.state.location.pathname).toBe('/');
    expect(window.location.pathname).toBe('/');
  });

  it('Back or Forward to another page of the app starts the router there, without signing in', async () => {
    stubServer();
    const { importRouter, routerStart } = await renderLoadedAt('/login');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(importRouter).not.toHaveBeenCalled();

    // An entry of this document at another path (e.g. the page the router had opened before a reload).
    window.history.pushState(null, '', '/no/such/page');
    window.dispatchEvent(new PopStateEvent('popstate'));

    expect(await screen.findByText('Oops, page not found', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(importRouter).toHaveBeenCalledTimes(1);
    expect(routerStart.current()!.router.state.location.pathname).toBe('/no/such/page');
  });
});
