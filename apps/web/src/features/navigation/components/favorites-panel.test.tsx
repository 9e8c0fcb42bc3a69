import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, type FavoritesResponse, type MenuItem } from '@cockpit/contracts';
import { stubApi } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { useNavigationStore } from '../store/navigation-store';
import { FavoritesPanel } from './favorites-panel';

// docs/product.md §2 Favorites: two groups shown only with pins, unpin, empty state, expanded state in the store.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useNavigationStore.getState().reset();
});

const report: MenuItem = {
  name: 'totalviewlayout',
  title: 'Total view',
  subTitle: 'All sales at a glance',
  icon: 'chart-line',
  path: '/reports/totalviewlayout',
  externalUrl: null,
  isActive: false,
  isPinned: true,
  leaveTitleUntranslated: false,
};
const dashboard: MenuItem = {
  ...report,
  name: '101',
  title: 'Executive',
  subTitle: null,
  path: '/dashboards/101',
};

function favoritesServer(initial: FavoritesResponse) {
  const state = structuredClone(initial);
  return stubApi({
    [`GET ${apiRoutes.getFavorites.path}`]: () => jsonResponse(state),
    [`PUT ${apiRoutes.updatePin.path}`]: (call) => {
      const { kind, name, isPinned } = call.body as {
        kind: 'report' | 'dashboard';
        name: string;
        isPinned: boolean;
      };
      const group = kind === 'report' ? 'reports' : 'dashboards';
      if (!isPinned) state[group] = state[group].filter((item) => item.name !== name);
      return jsonResponse({ kind, name, isPinned });
    },
  });
}

describe('FavoritesPanel', () => {
  it('shows the empty-state placeholder without pins', async () => {
    favoritesServer({ reports: [], dashboards: [] });
    await renderWithProviders(<FavoritesPanel dashboardsAvailable />);
    expect(await screen.findByRole('heading', { name: 'No favorites yet' })).toBeInTheDocument();
    expect(screen.getByTestId('placeholder-tile')).toHaveAttribute('data-icon', 'favorites');
  });

  it('shows only groups that have pins', async () => {
    favoritesServer({ reports: [report], dashboards: [] });
    await renderWithProviders(<FavoritesPanel dashboardsAvailable />);
    expect(await screen.findByRole('button', { name: 'Reports' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dashboards' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Total view/ })).toHaveAttribute(
      'href',
      '/reports/totalviewlayout',
    );
  });

  it('hides pinned dashboards while dashboards are not available', async () => {
    favoritesServer({ reports: [], dashboards: [dashboard] });
    await renderWithProviders(<FavoritesPanel dashboardsAvailable={false} />);
    expect(await screen.findByRole('heading', { name: 'No favorites yet' })).toBeInTheDocument();
  });

  it('keeps each group’s expanded state in the navigation store', async () => {
    favoritesServer({ reports: [report], dashboards: [dashboard] });
    await renderWithProviders(<FavoritesPanel dashboardsAvailable />);
    const reports = await screen.findByRole('button', { name: 'Reports' });
    expect(reports).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(reports);
    expect(reports).toHaveAttribute('aria-expanded', 'false');
    expect(useNavigationStore.getState().openedFavoritesGroups).toEqual({ reports: false, dashboards: true });
  });

  it('unpins from the favourites; the last unpin shows the empty state', async () => {
    const calls = favoritesServer({ reports: [report], dashboards: [dashboard] });
    await renderWithProviders(<FavoritesPanel dashboardsAvailable />);
    const dashboards = await screen.findByTestId('favorites-group-dashboards');
    await userEvent.click(within(dashboards).getByRole('button', { name: 'Unpin Executive from favorites' }));
    await waitFor(() => expect(screen.queryByTestId('favorites-group-dashboards')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Unpin Total view from favorites' }));
    expect(await screen.findByRole('heading', { name: 'No favorites yet' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      expect.objectContaining({ kind: 'dashboard', name: '101', isPinned: false }),
      expect.objectContaining({ kind: 'report', name: 'totalviewlayout', isPinned: false }),
    ]);
  });
});
