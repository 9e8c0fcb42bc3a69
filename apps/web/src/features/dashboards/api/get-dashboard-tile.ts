import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type DashboardTileDataResponse, type UiLanguageName } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { useUiLanguage } from '../../../lib/use-ui-language';

/**
 * `GET /api/dashboards/:layoutId/tiles/:tileId`: one tile's data. Every tile has its own query, so a
 * slow or failing tile never holds up or breaks the others (docs/product.md §D.3).
 */
export function getDashboardTile(
  layoutId: string,
  tileId: string,
  values?: string,
): Promise<DashboardTileDataResponse> {
  return api.call(apiRoutes.getDashboardTile, {
    params: { layoutId, tileId },
    query: values ? { values } : {},
  });
}

/**
 * Tiles load at most this many at a time: the server runs at most four report or tile queries of one user
 * at once and refuses more (429, decision 009), and a dashboard has up to 48 tiles.
 */
const parallelTileLoads = 4;
let tilesLoading = 0;
const waitingTiles: (() => void)[] = [];

async function withTileSlot<T>(load: () => Promise<T>): Promise<T> {
  if (tilesLoading >= parallelTileLoads) await new Promise<void>((resolve) => waitingTiles.push(resolve));
  else tilesLoading += 1;
  try {
    return await load();
  } finally {
    // The slot passes straight to the next tile in line, or is freed.
    const next = waitingTiles.shift();
    if (next) next();
    else tilesLoading -= 1;
  }
}

/** `values`: the dashboard's parameter values the reader chose (`?values=` JSON); the server adds defaults. */
export function getDashboardTileQueryOptions(
  layoutId: string,
  tileId: string,
  language: UiLanguageName,
  values?: string,
) {
  return queryOptions({
    queryKey: ['dashboard-tile', layoutId, tileId, language, values ?? ''],
    queryFn: () => withTileSlot(() => getDashboardTile(layoutId, tileId, values)),
    // A changed parameter keeps the tile's last figures on screen (marked busy) until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useDashboardTile(layoutId: string, tileId: string, values?: string) {
  const language = useUiLanguage();
  return useQuery(getDashboardTileQueryOptions(layoutId, tileId, language, values));
}
