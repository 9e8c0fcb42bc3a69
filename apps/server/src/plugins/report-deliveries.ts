import {
  type DashboardTileType,
  type NotificationDraft,
  type ParameterValues,
  type ReportData,
  type ReportDownloadFormat,
  type ReportResponse,
  type ResultInfo,
  type UiLanguageName,
  dashboardTileTypeSchema,
} from '@cockpit/contracts';
import type { App } from '../app-types';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { catalogueTitleIn, textIn } from '../catalogue';
import { createDashboardTiles } from '../features/dashboards/dashboard-tiles';
import { createReportDownloads } from '../features/reports/report-download';
import { createReportService } from '../features/reports/report-service';
import { sendNotifications } from '../features/notifications/notifications-sender';
import { withRowValues } from '../reports/report-answer';

// What deliveries need of other features (decision 029), composed here because features do not import
// each other: the report page's own answer and download for a given user (same lookup, audiences, values,
// user attributes — a delivery runs as its recipient), a dashboard's tiles as its page loads them, and the
// live notifications.

export interface ReportForReader {
  /** The report page's answer for `user`; a report they may not open is the page's 404. */
  load(user: AuthenticatedUser, name: string, language: UiLanguageName, values: ParameterValues): Promise<ReportResponse>;
  /** The report's whole result as the page's CSV or XLSX download, for `user`. */
  file(
    user: AuthenticatedUser,
    name: string,
    format: ReportDownloadFormat,
    values: ParameterValues,
    language: UiLanguageName,
  ): Promise<{ fileName: string; contentType: string; content: Buffer }>;
}

/** One tile of a dashboard as its reader sees it. */
export interface DashboardTileForReader {
  title: string;
  type: DashboardTileType;
  /** The tile's answer; null when it could not be loaded (the page shows the tile's error, a mail "not available"). */
  data: ReportData | null;
  info: ResultInfo | null;
}

export interface DashboardForReader {
  title: string;
  subTitle: string | null;
  /** In layout order. */
  tiles: DashboardTileForReader[];
}

export interface DeliveryDependencies {
  reports: ReportForReader;
  /**
   * The dashboard `layoutId` as `user` sees it without parameter values (its defaults, as its page opens):
   * 403 without the pro subscription, 404 outside their audience; each tile loads and fails on its own.
   */
  dashboard(user: AuthenticatedUser, layoutId: number, language: UiLanguageName): Promise<DashboardForReader>;
  notify(organisationId: string, userIds: string[], draft: NotificationDraft): Promise<void>;
}

export function deliveryDependencies(app: App): DeliveryDependencies {
  const service = createReportService({
    log: app.log,
    frameOrigins: app.config.reportFrameOrigins,
    catalogue: app.catalogue,
    definitions: app.definitions,
  });
  // The download's own dependencies, as the reports feature wires them (the report limits are a step of every run).
  const downloadDependencies = { queryReport: service.queryReport, definitions: app.definitions };
  const downloads = createReportDownloads(downloadDependencies);
  const dashboardTiles = createDashboardTiles({ catalogue: app.catalogue, definitions: app.definitions });

  return {
    reports: {
      async load(user, name, language, values) {
        const answer = await service.load({ user, name, language, query: { values: JSON.stringify(values) } });
        return { ...answer, data: answer.data ? withRowValues(answer.data) : null };
      },
      async file(user, name, format, values, language) {
        const download = await downloads.open({ user, name, format, values: JSON.stringify(values), language });
        const chunks: Buffer[] = [];
        for await (const chunk of download.body as AsyncIterable<Buffer | string>) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        return { fileName: download.fileName, contentType: download.contentType, content: Buffer.concat(chunks) };
      },
    },
    async dashboard(user, layoutId, language) {
      const opened = await dashboardTiles.open(user, layoutId);
      const { dashboard } = opened;
      const tiles: DashboardTileForReader[] = [];
      // One tile after the other: the recipient's per-user query limit (decision 009) is not taken at once.
      for (const tile of opened.tiles) {
        const shown = {
          title: catalogueTitleIn(language, tile),
          type: dashboardTileTypeSchema.catch('table').parse(tile.tileType),
        };
        try {
          const loaded = await dashboardTiles.load(user, opened, tile, { language, chosen: () => ({}), log: app.log });
          tiles.push({ ...shown, type: loaded.type, data: loaded.data, info: loaded.info });
        } catch (error) {
          app.log.warn({ layoutId, tileId: tile.id, userId: user.id, err: error }, 'dashboard tile not available for a delivery');
          tiles.push({ ...shown, data: null, info: null });
        }
      }
      return {
        title: catalogueTitleIn(language, dashboard),
        subTitle: textIn(language, dashboard.subTitleEn, dashboard.subTitleDe, dashboard.subTitleDeAt),
        tiles,
      };
    },
    async notify(organisationId, userIds, draft) {
      if (userIds.length === 0) return;
      await sendNotifications(app.db, { organisationId, recipients: userIds, draft });
    },
  };
}
