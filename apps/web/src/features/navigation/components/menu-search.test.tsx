import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes } from '@cockpit/contracts';
import { menuFixture } from '../../../testing/fixtures';
import { stubApi } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { useNavigationStore } from '../store/navigation-store';
import { MenuPanel } from './menu-panel';

// docs/product.md §2 Menu search, §4 search overlay; docs/product.md §D.3 (2 characters, keyboard).

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useNavigationStore.getState().reset();
});

async function renderMenu(language: 'en' | 'de-DE' = 'en') {
  stubApi({ [`GET ${apiRoutes.getMenu.path}`]: () => jsonResponse(menuFixture) });
  const rendered = await renderWithProviders(<MenuPanel />, { language });
  const input = await screen.findByTestId('menu-search-input');
  return { ...rendered, input };
}

describe('menu search', () => {
  it('offers the recently opened items while the box is focused and empty, and opens one with Enter', async () => {
    stubApi({ [`GET ${apiRoutes.getMenu.path}`]: () => jsonResponse(menuFixture) });
    const recent = {
      ...menuFixture.groups[0]!.items[0]!,
      name: '101',
      title: 'Executive Overview',
      path: '/dashboards/101',
    };
    const { router } = await renderWithProviders(<MenuPanel recentItems={[recent]} />);
    const input = await screen.findByTestId('menu-search-input');
    await userEvent.click(input);
    const listbox = screen.getByRole('listbox', { name: 'Recently opened' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent?.startsWith('Executive Overview')),
    ).toEqual([true]);
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/dashboards/101');
    // Typing replaces the recent items with the search.
    await userEvent.click(input);
    await userEvent.type(input, 'x');
    expect(screen.queryByRole('listbox', { name: 'Recently opened' })).not.toBeInTheDocument();
  });

  it('focusing opens the overlay with the too-short hint; one character is still too short', async () => {
    const { input } = await renderMenu();
    expect(screen.queryByTestId('menu-search-overlay')).not.toBeInTheDocument();
    await userEvent.click(input);
    expect(screen.getByTestId('menu-search-hint')).toHaveTextContent('Type at least 2 characters to search.');
    await userEvent.type(input, 't');
    expect(screen.getByTestId('menu-search-hint')).toBeInTheDocument();
    expect(useNavigationStore.getState().search).toMatchObject({
      term: 't',
      isOpen: true,
      state: 'tooShort',
    });
  });

  it('shows the empty state with a headline and text', async () => {
    const { input } = await renderMenu();
    await userEvent.type(input, 'zzzz');
    const overlay = screen.getByTestId('menu-search-overlay');
    expect(within(overlay).getByRole('heading', { name: 'Nothing found' })).toBeInTheDocument();
    expect(within(overlay).getByText('No report or group matches “zzzz”.')).toBeInTheDocument();
  });

  it('lists matching items (label + sub-title) and groups, ignoring case', async () => {
    const { input } = await renderMenu();
    await userEvent.type(input, 'SAL');
    const listbox = screen.getByRole('listbox', { name: 'Search results' });
    const options = within(listbox).getAllByRole('option');
    // "Total view" matches in its sub-title ("All sales at a glance"), the group "Sales" in its label.
    expect(options.map((option) => option.textContent)).toEqual([
      'Total viewAll sales at a glance · Sales',
      'SalesOpen group',
    ]);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
  });

  it('Enter opens the active item; arrows move through the results', async () => {
    const { input, router } = await renderMenu();
    await userEvent.type(input, 'view');
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports/totalviewlayout'));
    expect(useNavigationStore.getState().search).toMatchObject({ term: '', isOpen: false });
  });

  it('choosing a group opens it, clears the term and closes the overlay', async () => {
    const { input } = await renderMenu();
    expect(await screen.findByRole('button', { name: 'Links' })).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(input, 'links');
    await userEvent.click(screen.getByRole('option', { name: /Links/ }));
    expect(screen.getByRole('button', { name: 'Links' })).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveValue('');
    expect(screen.queryByTestId('menu-search-overlay')).not.toBeInTheDocument();
  });

  it('clicking the backdrop closes the overlay and clears the term (docs/product.md §4)', async () => {
    const { input } = await renderMenu();
    await userEvent.type(input, 'total');
    fireEvent.click(screen.getByTestId('menu-search-backdrop'));
    expect(screen.queryByTestId('menu-search-overlay')).not.toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it('Escape closes the overlay and clears the term', async () => {
    const { input } = await renderMenu();
    await userEvent.type(input, 'total{Escape}');
    expect(screen.queryByTestId('menu-search-overlay')).not.toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it('works in German', async () => {
    const { input } = await renderMenu('de-DE');
    await userEvent.click(input);
    expect(screen.getByTestId('menu-search-hint')).toHaveTextContent(
      'Geben Sie mindestens 2 Zeichen ein, um zu suchen.',
    );
    await userEvent.type(input, 'qqq');
    expect(screen.getByRole('heading', { name: 'Nichts gefunden' })).toBeInTheDocument();
  });

  it('a focus request (Ctrl+K, "/") puts the focus into the search box', async () => {
    const { input } = await renderMenu();
    expect(input).not.toHaveFocus();
    useNavigationStore.getState().requestSearchFocus();
    await waitFor(() => expect(input).toHaveFocus());
  });
});
