import { create } from 'zustand';
import { devtools } from 'zustand/middleware';
import { collapsedPanelQuery, matchesMedia } from '../../../config/layout';
import type { SearchOutcome, SearchResults } from '../search/menu-search';

/**
 * The navigation state of docs/product.md §3 in one client store (docs/product.md §D.6), inspectable with the Redux
 * DevTools keeping 25 states (docs/product.md §9) in development builds only.
 *
 * Server data is not copied in here: pinned report and dashboard items and the dashboards-available
 * flag come from TanStack Query (favourites, menu and availability queries), where pins are updated
 * optimistically and rolled back on failure (docs/decisions/011-shell-navigation-state-and-bundle-budget.md).
 */
export const navigationCategories = ['favorites', 'menu', 'dashboards', 'notifications', 'support'] as const;
export type NavigationCategory = (typeof navigationCategories)[number];

export const favoritesGroups = ['reports', 'dashboards'] as const;
export type FavoritesGroup = (typeof favoritesGroups)[number];

/** docs/product.md §2 Menu search: the overlay's state; `idle` while it is closed. */
export type SearchState = 'idle' | SearchOutcome['state'];

export type MenuSearchSlice = {
  term: string;
  /** The overlay is open (docs/product.md §4 "focusing the box opens it"). */
  isOpen: boolean;
  state: SearchState;
  results: SearchResults;
};

type NavigationData = {
  openedCategory: NavigationCategory;
  /** docs/product.md §2 "it starts expanded" — on a phone (below 768 px) collapsed, so the page shows first. */
  sideMenuOpen: boolean;
  /** docs/product.md §3 "path array": the current route's path segments. */
  path: string[];
  /** Expanded main-menu groups; null until the menu's defaults are applied. */
  openedMenuGroups: string[] | null;
  /** docs/product.md §2 Favorites: "The expanded or collapsed state of each group is kept in the navigation state." */
  openedFavoritesGroups: Record<FavoritesGroup, boolean>;
  /** docs/product.md §3 "dashboard search term" (the dashboards panel's search box). */
  dashboardSearchTerm: string;
  search: MenuSearchSlice;
  /** Bumped by Ctrl+K and "/" to ask the search box to take the focus. */
  searchFocusRequest: number;
};

type NavigationActions = {
  /** docs/product.md §2 "Choosing a menu option opens and expands the panel." */
  openCategory: (category: NavigationCategory) => void;
  /** docs/product.md §2 "An arrow button collapses or expands the side panel." */
  toggleSideMenu: () => void;
  /** Where the panel overlays the page: the backdrop, Escape or a chosen item close it. */
  closeSideMenu: () => void;
  setPath: (pathname: string) => void;
  setOpenedMenuGroups: (groups: string[]) => void;
  /** Expands one group (a search result), keeping the others as they are. */
  openMenuGroup: (group: string) => void;
  setFavoritesGroupOpen: (group: FavoritesGroup, open: boolean) => void;
  setDashboardSearchTerm: (term: string) => void;
  openSearch: () => void;
  /** The term and its outcome (computed by the caller from the menu's search index); opens the overlay. */
  setSearch: (term: string, outcome: SearchOutcome) => void;
  /** Closes the overlay and clears the term (backdrop click, Escape, a chosen result). */
  closeSearch: () => void;
  /** Ctrl+K / "/": show the main menu and focus its search box. */
  requestSearchFocus: () => void;
  reset: () => void;
};

export type NavigationState = NavigationData & NavigationActions;

const noResults: SearchResults = { items: [], groups: [] };
const closedSearch: MenuSearchSlice = { term: '', isOpen: false, state: 'idle', results: noResults };

export const initialNavigationState: NavigationData = {
  openedCategory: 'menu',
  sideMenuOpen: true,
  path: [],
  openedMenuGroups: null,
  openedFavoritesGroups: { reports: true, dashboards: true },
  dashboardSearchTerm: '',
  search: closedSearch,
  searchFocusRequest: 0,
};

/** The state a new signed-in page (and a sign-out) starts with; the panel depends on the screen width. */
function startState(): NavigationData {
  return { ...initialNavigationState, sideMenuOpen: !matchesMedia(collapsedPanelQuery) };
}

function pathSegments(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

// The devtools middleware only in development builds: production leaves it out of the bundle entirely.
const inspectable: typeof devtools = import.meta.env.DEV
  ? devtools
  : (((creator) => creator) as typeof devtools);

export const useNavigationStore = create<NavigationState>()(
  inspectable(
    (set) => ({
      ...startState(),
      openCategory: (category) =>
        set({ openedCategory: category, sideMenuOpen: true }, false, { type: 'openCategory', category }),
      toggleSideMenu: () => set((state) => ({ sideMenuOpen: !state.sideMenuOpen }), false, 'toggleSideMenu'),
      closeSideMenu: () => set({ sideMenuOpen: false }, false, 'closeSideMenu'),
      setPath: (pathname) => set({ path: pathSegments(pathname) }, false, 'setPath'),
      setOpenedMenuGroups: (groups) => set({ openedMenuGroups: groups }, false, 'setOpenedMenuGroups'),
      openMenuGroup: (group) =>
        set(
          (state) => {
            const opened = state.openedMenuGroups ?? [];
            return { openedMenuGroups: opened.includes(group) ? opened : [...opened, group] };
          },
          false,
          { type: 'openMenuGroup', group },
        ),
      setFavoritesGroupOpen: (group, open) =>
        set(
          (state) => ({ openedFavoritesGroups: { ...state.openedFavoritesGroups, [group]: open } }),
          false,
          { type: 'setFavoritesGroupOpen', group, open },
        ),
      setDashboardSearchTerm: (term) => set({ dashboardSearchTerm: term }, false, 'setDashboardSearchTerm'),
      openSearch: () => set((state) => ({ search: { ...state.search, isOpen: true } }), false, 'openSearch'),
      setSearch: (term, outcome) =>
        set(
          (state) => ({
            search: {
              ...state.search,
              // Typing after Escape opens the overlay again.
              isOpen: true,
              term,
              state: outcome.state,
              results: outcome.state === 'results' ? outcome.results : noResults,
            },
          }),
          false,
          'setSearch',
        ),
      closeSearch: () => set({ search: closedSearch }, false, 'closeSearch'),
      requestSearchFocus: () =>
        set(
          (state) => ({
            openedCategory: 'menu',
            sideMenuOpen: true,
            searchFocusRequest: state.searchFocusRequest + 1,
          }),
          false,
          'requestSearchFocus',
        ),
      reset: () => set(startState(), false, 'reset'),
    }),
    // docs/product.md §9 "State inspection tooling keeps 25 states"; docs/product.md §D.3: development only.
    { name: 'navigation', maxAge: 25, enabled: import.meta.env.DEV },
  ),
);
