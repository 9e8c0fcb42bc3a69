import {
  type NotificationDraft,
  type ParameterValues,
  type ReportDownloadFormat,
  type ReportResponse,
  type UiLanguageName,
} from '@cockpit/contracts';
import type { App } from '../app-types';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { createReportDownloads } from '../features/reports/report-download';
import { createReportService } from '../features/reports/report-service';
import { sendNotifications } from '../features/notifications/notifications-sender';
import { withRowValues } from '../reporting/report-answer';

// What deliveries need of other features (decision 029), composed here because features do not import
// each other: the report page's own answer and download for a given user (same lookup, audiences, values,
// user attributes — a delivery runs as its recipient), and the live notifications.

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

export interface DeliveryDependencies {
  reports: ReportForReader;
  notify(organisationId: string, userIds: string[], draft: NotificationDraft): Promise<void>;
}

export function deliveryDependencies(app: App): DeliveryDependencies {
  const service = createReportService({
    log: app.log,
    frameOrigins: app.config.reportFrameOrigins,
    catalogue: app.catalogue,
    queries: app.reportQueries,
    definitions: app.definitions,
  });
  // The download's own dependencies, as the reports feature wires them (the report query limits included).
  const downloadDependencies = { queryReport: service.queryReport, definitions: app.definitions, queries: app.reportQueries };
  const downloads = createReportDownloads(downloadDependencies);

  return {
    reports: {
      async load(user, name, language, values) {
        const answer = await service.load({ user, name, language, query: { values: JSON.stringify(values) } });
        return { ...answer, data: answer.data ? withRowValues(answer.data) : null } as ReportResponse;
      },
      async file(user, name, format, values, language) {
        const download = await downloads.open({ user, name, format, values: JSON.stringify(values), language });
        const chunks: Buffer[] = [];
        for await (const chunk of download.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        return { fileName: download.fileName, contentType: download.contentType, content: Buffer.concat(chunks) };
      },
    },
    async notify(organisationId, userIds, draft) {
      if (userIds.length === 0) return;
      await sendNotifications(app.db, { organisationId, recipients: userIds, draft });
    },
  };
}
