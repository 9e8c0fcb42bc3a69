import { type Query, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  apiRoutes,
  type DashboardResponse,
  type FavoritesResponse,
  type MenuGroup,
  type MenuItem,
  type PinKind,
  type PinUpdate,
} from '@cockpit/contracts';
import { api } from './api-client';
import { refetchOnMeta } from './refetch-on';
import { showToast } from './toast';

// THE pins path of the web app (docs/product.md §4 Pin; decision 015): one mutation, one optimistic update and one
// rollback for every place that shows a star — main menu, favourites, dashboards panel, a dashboard's
// page, the home's featured list. A query that shows pins says how in its `meta` (`pinsMeta`), so this
// module needs to know no feature's query keys, and features need not know each other.

/** How a query's data carries pins. */
export type PinsShape =
  /** `{ groups: MenuGroup[] }` of one kind: the main menu (reports) or the dashboards menu. */
  | { shape: 'groups'; kind: PinKind }
  /** `{ reports, dashboards }` listing only pinned items: the favourites (items come and go). */
  | { shape: 'favorites' }
  /** `{ reports, dashboards }` whose items carry `isPinned`: e.g. what is featured. */
  | { shape: 'lists' }
  /** A dashboard's layout with its own `isPinned`. */
  | { shape: 'dashboard' };

/**
 * The `meta` of a query that shows pins. What shows pins shows catalogue items, so it is read again when
 * the catalogue or the user's audience changes (lib/refetch-on.ts).
 */
export const pinsMeta = (pins: PinsShape) => ({ pins, ...refetchOnMeta('catalogue-changed') });

/** `PUT /api/navigation/pins` (docs/product.md §4 Pin: "toggled by an update setting pinned to the opposite value"). */
export function updatePin(update: PinUpdate): Promise<PinUpdate> {
  return api.call(apiRoutes.updatePin, { body: update });
}

/** What a pin toggle needs: the item (to show it in the favourites at once) and its kind. */
export type PinToggle = { kind: PinKind; item: MenuItem; isPinned: boolean };

type Snapshot = [readonly unknown[], unknown][];

const pinsOf = (query: Query): PinsShape | undefined => query.meta?.pins as PinsShape | undefined;
const showsPins = (query: Query) => pinsOf(query) !== undefined;
const listKey = (kind: PinKind) => (kind === 'report' ? 'reports' : 'dashboards');
const flip = (items: MenuItem[], name: string, isPinned: boolean) =>
  items.map((item) => (item.name === name ? { ...item, isPinned } : item));

/** The data of a query of this shape with the toggle applied (pure; unknown data is left as it is). */
export function withPin(pins: PinsShape, data: unknown, { kind, item, isPinned }: PinToggle): unknown {
  if (data === undefined || data === null) return data;
  switch (pins.shape) {
    case 'groups': {
      if (pins.kind !== kind) return data;
      const menu = data as { groups: MenuGroup[] };
      return {
        ...menu,
        groups: menu.groups.map((group) => ({ ...group, items: flip(group.items, item.name, isPinned) })),
      };
    }
    case 'favorites': {
      const favorites = data as FavoritesResponse;
      const others = favorites[listKey(kind)].filter((favorite) => favorite.name !== item.name);
      return { ...favorites, [listKey(kind)]: isPinned ? [...others, { ...item, isPinned: true }] : others };
    }
    case 'lists': {
      const lists = data as FavoritesResponse;
      return { ...lists, [listKey(kind)]: flip(lists[listKey(kind)], item.name, isPinned) };
    }
    case 'dashboard': {
      const dashboard = data as DashboardResponse;
      return kind === 'dashboard' && String(dashboard.layoutId) === item.name
        ? { ...dashboard, isPinned }
        : dashboard;
    }
  }
}

/** Applies the toggle to every cached query that shows pins; returns what to restore on failure. */
async function applyOptimistically(queryClient: QueryClient, toggle: PinToggle): Promise<Snapshot> {
  await queryClient.cancelQueries({ predicate: showsPins });
  const queries = queryClient.getQueryCache().findAll({ predicate: showsPins });
  const snapshot: Snapshot = queries.map((query) => [query.queryKey, query.state.data]);
  for (const query of queries) {
    const pins = pinsOf(query);
    if (pins) queryClient.setQueryData(query.queryKey, withPin(pins, query.state.data, toggle));
  }
  return snapshot;
}

/**
 * Pins or unpins a report or a dashboard: every star changes at once (optimistic), the server is told,
 * and if it refuses, the old state comes back with an error toast. Afterwards every query that shows
 * pins is read again.
 */
export function usePinToggle(): (toggle: PinToggle) => void {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationKey: ['pin'],
    mutationFn: ({ kind, item, isPinned }: PinToggle) => updatePin({ kind, name: item.name, isPinned }),
    onMutate: (toggle) => applyOptimistically(queryClient, toggle),
    onError: (_error, toggle, snapshot) => {
      for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
      showToast({
        id: `pin-failed-${toggle.kind}-${toggle.item.name}`,
        type: 'error',
        title: t(toggle.isPinned ? 'pins.error.pinTitle' : 'pins.error.unpinTitle'),
        message: t('pins.error.text', { title: toggle.item.title }),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ predicate: showsPins }),
  });
  return mutation.mutate;
}
