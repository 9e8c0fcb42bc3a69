import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  apiPaths,
  type FavoritesResponse,
  type MenuItem,
  type MenuResponse,
  type PinKind,
  type PinUpdate,
} from '@cockpit/contracts';
import { api, trusted } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { favoritesQueryKey } from './get-favorites';
import { menuQueryKey } from './get-menu';

/** `PUT /api/navigation/pins` (spec §4 Pin: "toggled by an update setting pinned to the opposite value"). */
export function updatePin(update: PinUpdate): Promise<PinUpdate> {
  return api.put(apiPaths.pins, { json: update, schema: trusted<PinUpdate>() });
}

/** What a pin toggle needs: the item (to show it in the favourites at once) and its kind. */
export type PinToggle = { kind: PinKind; item: MenuItem; isPinned: boolean };

type Snapshot = [readonly unknown[], unknown][];

/**
 * Other features' queries that show pins (the dashboards panel) set `meta: { showsPins: true }` and
 * are refreshed after every pin change without this feature knowing them.
 */
export const showsPinsMeta = { showsPins: true } as const;

function withPinned(menu: MenuResponse, name: string, isPinned: boolean): MenuResponse {
  return {
    groups: menu.groups.map((group) => ({
      ...group,
      items: group.items.map((item) => (item.name === name ? { ...item, isPinned } : item)),
    })),
  };
}

function withFavorite(favorites: FavoritesResponse, { kind, item, isPinned }: PinToggle): FavoritesResponse {
  const group = kind === 'report' ? 'reports' : 'dashboards';
  const others = favorites[group].filter((favorite) => favorite.name !== item.name);
  return { ...favorites, [group]: isPinned ? [...others, { ...item, isPinned: true }] : others };
}

/** Applies the change to every cached menu and favourites list; returns what to restore on failure. */
async function applyOptimistically(queryClient: QueryClient, toggle: PinToggle): Promise<Snapshot> {
  await Promise.all([
    queryClient.cancelQueries({ queryKey: menuQueryKey }),
    queryClient.cancelQueries({ queryKey: favoritesQueryKey }),
  ]);
  const snapshot: Snapshot = [
    ...queryClient.getQueriesData({ queryKey: menuQueryKey }),
    ...queryClient.getQueriesData({ queryKey: favoritesQueryKey }),
  ];
  if (toggle.kind === 'report') {
    queryClient.setQueriesData<MenuResponse>({ queryKey: menuQueryKey }, (menu) =>
      menu ? withPinned(menu, toggle.item.name, toggle.isPinned) : menu,
    );
  }
  queryClient.setQueriesData<FavoritesResponse>({ queryKey: favoritesQueryKey }, (favorites) =>
    favorites ? withFavorite(favorites, toggle) : favorites,
  );
  return snapshot;
}

/**
 * Pins or unpins a report or a dashboard: the star changes at once (optimistic), the server is told,
 * and if it refuses, the old state comes back with an error toast (issue 3).
 */
export function usePinToggle() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationKey: ['navigation-pin'],
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
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: menuQueryKey }),
        queryClient.invalidateQueries({ queryKey: favoritesQueryKey }),
        queryClient.invalidateQueries({ predicate: (query) => query.meta?.showsPins === true }),
      ]),
  });
  return mutation.mutate;
}
