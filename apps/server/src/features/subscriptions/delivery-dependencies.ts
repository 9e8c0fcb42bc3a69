import type {
  DashboardTileType,
  NotificationDraft,
  ParameterValues,
  ReportData,
  ReportDownloadFormat,
  ReportResponse,
  ResultInfo,
  UiLanguageName,
} from '@cockpit/contracts';
import type { AuthenticatedUser } from '../../auth/authenticated-user';

// What deliveries need of other features (decision 029): the report page's own answer and download for a
// given user (same lookup, audiences, values, user attributes — a delivery runs as its recipient), a
// dashboard's tiles as its page loads them, and the live notifications. Features do not import each
// other, so app.ts composes them (docs/decisions/042-modules-with-a-public-face.md).

export interface ReportForReader {
  /** The report page's answer for `user`; a report they may not open is the page's 404. */
  load(
    user: AuthenticatedUser,
    name: string,
    language: UiLanguageName,
    values: ParameterValues,
  ): Promise<ReportResponse>;
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
