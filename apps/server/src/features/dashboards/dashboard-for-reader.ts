import {
  type DashboardTileType,
  type ReportData,
  type ResultInfo,
  type UiLanguageName,
  dashboardTileTypeSchema,
} from '@cockpit/contracts';
import type { App } from '../../app-types';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { catalogueTitleIn, textIn } from '../../catalogue';
import { createDashboardTiles } from './dashboard-tiles';

/** One tile of a dashboard as its reader sees it; `data` is null when it could not be loaded. */
interface TileForReader {
  title: string;
  type: DashboardTileType;
  data: ReportData | null;
  info: ResultInfo | null;
}

/**
 * A dashboard as `user` sees it without parameter values (its defaults, as its page opens), for a
 * delivery (decision 029, composed in app.ts): 403 without the pro subscription, 404 outside their
 * audience; each tile loads and fails on its own.
 */
export function dashboardForReader(app: App) {
  const dashboardTiles = createDashboardTiles({ catalogue: app.catalogue, definitions: app.reportRunner });
  return async (user: AuthenticatedUser, layoutId: number, language: UiLanguageName) => {
    const opened = await dashboardTiles.open(user, layoutId);
    const { dashboard } = opened;
    const tiles: TileForReader[] = [];
    // One tile after the other: the recipient's per-user query limit (decision 009) is not taken at once.
    for (const tile of opened.tiles) {
      const shown = {
        title: catalogueTitleIn(language, tile),
        type: dashboardTileTypeSchema.catch('table').parse(tile.tileType),
      };
      try {
        const loaded = await dashboardTiles.load(user, opened, tile, {
          language,
          chosen: () => ({}),
          log: app.log,
        });
        tiles.push({ ...shown, type: loaded.type, data: loaded.data, info: loaded.info });
      } catch (error) {
        app.log.warn(
          { layoutId, tileId: tile.id, userId: user.id, err: error },
          'dashboard tile not available for a delivery',
        );
        tiles.push({ ...shown, data: null, info: null });
      }
    }
    return {
      title: catalogueTitleIn(language, dashboard),
      subTitle: textIn(language, dashboard.subTitleEn, dashboard.subTitleDe, dashboard.subTitleDeAt),
      tiles,
    };
  };
}
