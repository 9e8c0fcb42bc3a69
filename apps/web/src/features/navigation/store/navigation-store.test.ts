import { afterEach, describe, expect, it } from 'vitest';
import { initialNavigationState, useNavigationStore } from './navigation-store';

// docs/product.md §3 Navigation state, §4 side menu transitions.
afterEach(() => useNavigationStore.getState().reset());

const state = () => useNavigationStore.getState();

describe('navigation store', () => {
  it('starts with the menu open and expanded, favourites groups expanded, search closed', () => {
    expect(state()).toMatchObject({
      openedCategory: 'menu',
      sideMenuOpen: true,
      openedFavoritesGroups: { reports: true, dashboards: true },
      search: { term: '', isOpen: false, state: 'idle' },
    });
  });

  it('choosing a category opens it and expands the panel (docs/product.md §2)', () => {
    state().toggleSideMenu();
    expect(state().sideMenuOpen).toBe(false);
    state().openCategory('support');
    expect(state()).toMatchObject({ openedCategory: 'support', sideMenuOpen: true });
    state().toggleSideMenu();
    state().toggleSideMenu();
    expect(state().sideMenuOpen).toBe(true);
  });

  it('keeps each favourites group expanded or collapsed', () => {
    state().setFavoritesGroupOpen('reports', false);
    expect(state().openedFavoritesGroups).toEqual({ reports: false, dashboards: true });
    state().setFavoritesGroupOpen('dashboards', false);
    state().setFavoritesGroupOpen('reports', true);
    expect(state().openedFavoritesGroups).toEqual({ reports: true, dashboards: false });
  });

  it('opens a menu group without closing the others', () => {
    state().setOpenedMenuGroups(['sales']);
    state().openMenuGroup('finance');
    state().openMenuGroup('finance');
    expect(state().openedMenuGroups).toEqual(['sales', 'finance']);
  });

  it('holds the search term, state and results; closing clears them (docs/product.md §4)', () => {
    state().openSearch();
    const results = { items: [], groups: [{ name: 'sales', translatedLabel: 'Sales' }] };
    state().setSearch('sal', { state: 'results', results, totalItems: 0, totalGroups: 1 });
    expect(state().search).toEqual({ term: 'sal', isOpen: true, state: 'results', results });
    state().setSearch('x', { state: 'tooShort' });
    expect(state().search).toMatchObject({
      term: 'x',
      state: 'tooShort',
      results: { items: [], groups: [] },
    });
    state().closeSearch();
    expect(state().search).toEqual(initialNavigationState.search);
  });

  it('Ctrl+K asks for the menu, expanded, and bumps the focus request', () => {
    state().openCategory('favorites');
    state().toggleSideMenu();
    state().requestSearchFocus();
    expect(state()).toMatchObject({ openedCategory: 'menu', sideMenuOpen: true, searchFocusRequest: 1 });
  });

  it('keeps the path as segments and resets everything on log-out', () => {
    state().setPath('/reports/totalviewlayout');
    expect(state().path).toEqual(['reports', 'totalviewlayout']);
    state().openCategory('support');
    state().reset();
    expect(state()).toMatchObject(initialNavigationState);
  });
});
