import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoutedApp } from './routed-app';
import { createRouterStart } from './router-start';

// The router starts at the page to go to after signing in (decision 011); that page comes from the login
// URL's `redirectTo` (docs/product.md §2), so it is checked once more before it reaches the history.

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

function startWith() {
  const createRoutedApp = vi.fn(() => ({ router: {}, element: null }) as unknown as RoutedApp);
  return { routerStart: createRouterStart(async () => ({ createRoutedApp })), createRoutedApp };
}

describe('createRouterStart', () => {
  it('starts at an in-app target', async () => {
    window.history.replaceState(null, '', '/login?redirectTo=%2Fsettings');
    const { routerStart } = startWith();
    await routerStart.start('/settings?tab=a');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/settings?tab=a');
  });

  it.each([
    '/\t/evil.example',
    '/\n/evil.example',
    '/\t\\evil.example',
    '//evil.example',
    'https://evil.example/',
  ])('starts at the root instead of %j, without throwing', async (target) => {
    window.history.replaceState(null, '', '/login');
    const { routerStart, createRoutedApp } = startWith();
    await expect(routerStart.start(target)).resolves.toBeDefined();
    expect(createRoutedApp).toHaveBeenCalledOnce();
    expect(window.location.origin).toBe(new URL(document.baseURI).origin);
    expect(window.location.pathname).toBe('/');
  });
});
