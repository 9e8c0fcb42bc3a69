import { create } from 'zustand';

/**
 * Navigation state of spec §3 (first part): the opened side-panel category and the side-menu open
 * flag. Issue 3 adds pinned items, favourites groups and search state here (DESIGN.md §6: one small
 * client store).
 */
export const navigationCategories = ['favorites', 'menu', 'dashboards', 'notifications', 'support'] as const;
export type NavigationCategory = (typeof navigationCategories)[number];

type NavigationState = {
  openedCategory: NavigationCategory;
  /** spec §2 "it starts expanded". */
  sideMenuOpen: boolean;
  /** spec §2 "Choosing a menu option opens and expands the panel." */
  openCategory: (category: NavigationCategory) => void;
  /** spec §2 "An arrow button collapses or expands the side panel." */
  toggleSideMenu: () => void;
  reset: () => void;
};

const initialState = { openedCategory: 'menu', sideMenuOpen: true } satisfies Partial<NavigationState>;

export const useNavigationStore = create<NavigationState>()((set) => ({
  ...initialState,
  openCategory: (category) => set({ openedCategory: category, sideMenuOpen: true }),
  toggleSideMenu: () => set((state) => ({ sideMenuOpen: !state.sideMenuOpen })),
  reset: () => set(initialState),
}));
