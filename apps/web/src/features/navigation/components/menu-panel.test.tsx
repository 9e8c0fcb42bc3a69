import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/auth/token-store';
import { menuFixture } from '../../../testing/fixtures';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { resolveMenuIcon, defaultMenuIcon } from './menu-icon';
import { useNavigationStore } from '../store/navigation-store';
import { MenuPanel } from './menu-panel';

// docs/product.md §2 Main menu: accordion groups (several open), items as internal or external links.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useNavigationStore.getState().reset();
});

function stubMenu(response: () => Response) {
  setToken('a.b.c');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response()),
  );
}

describe('MenuPanel', () => {
  it('shows the groups and items from the API', async () => {
    stubMenu(() => jsonResponse(menuFixture));
    await renderWithProviders(<MenuPanel />);
    const panel = screen.getByTestId('menu-panel');
    expect(await within(panel).findByRole('button', { name: 'Sales' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(panel).getByRole('button', { name: 'Links' })).toHaveAttribute('aria-expanded', 'false');

    const totalView = within(panel).getByRole('link', { name: /Total view/ });
    expect(totalView).toHaveAttribute('href', '/reports/totalviewlayout');
    expect(totalView).toHaveTextContent('All sales at a glance');
    // An item without a path opens the report named after it.
    expect(within(panel).getByRole('link', { name: /PMX/ })).toHaveAttribute('href', '/reports/pmxlayout');
  });

  it('opens external items in a new window without opener', async () => {
    stubMenu(() => jsonResponse(menuFixture));
    await renderWithProviders(<MenuPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Links' }));
    const external = await screen.findByRole('link', { name: /Market data/ });
    expect(external).toHaveAttribute('href', 'https://example.com/market');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('keeps several groups open at once', async () => {
    stubMenu(() => jsonResponse(menuFixture));
    await renderWithProviders(<MenuPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Links' }));
    expect(screen.getByRole('button', { name: 'Sales' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Links' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('marks the item of the current route active', async () => {
    stubMenu(() => jsonResponse(menuFixture));
    await renderWithProviders(<MenuPanel />, { path: '/reports/totalviewlayout' });
    expect(await screen.findByRole('link', { name: /Total view/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: /PMX/ })).not.toHaveAttribute('aria-current');
  });

  it('shows the empty text for a user without reports', async () => {
    stubMenu(() => jsonResponse({ groups: [] }));
    await renderWithProviders(<MenuPanel />);
    expect(await screen.findByText('No reports are available to you yet.')).toBeInTheDocument();
  });

  it('shows the error tile when the menu cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubMenu(() => jsonResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, 404));
    await renderWithProviders(<MenuPanel />);
    expect(await screen.findByText('Error has occured')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('maps icon names to icons and unknown names to the default', () => {
    expect(resolveMenuIcon('no-such-icon')).toBe(defaultMenuIcon);
    expect(resolveMenuIcon(null)).toBe(defaultMenuIcon);
    expect(resolveMenuIcon('toString')).toBe(defaultMenuIcon);
    expect(resolveMenuIcon('chart-bar')).not.toBe(defaultMenuIcon);
  });
});
