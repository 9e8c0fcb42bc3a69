import type {
  ParameterValues,
  ReportDownloadFormat,
  ReportResponse,
  UiLanguageName,
} from '@cockpit/contracts';
import type { App } from '../../app-types';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { withRowValues } from '../../reports';
import { createReportDownloads } from './report-download';
import { createReportService } from './report-service';

/**
 * The report page's answer and download, built once per app: the routes serve them, and deliveries
 * (decision 029) get the same answer for their recipient through `forReader` (composed in app.ts).
 */
export type ReportPages = ReturnType<typeof createReportPages>;

export function createReportPages(app: App) {
  const service = createReportService({
    log: app.log,
    frameOrigins: app.config.reportFrameOrigins,
    catalogue: app.catalogue,
    definitions: app.reportRunner,
  });
  // The report limits are a step of every run (decision 038), so the download needs no limiter of its own.
  const downloads = createReportDownloads({
    queryReport: service.queryReport,
    definitions: app.reportRunner,
  });
  return {
    service,
    downloads,
    forReader: {
      async load(
        user: AuthenticatedUser,
        name: string,
        language: UiLanguageName,
        values: ParameterValues,
      ): Promise<ReportResponse> {
        const answer = await service.load({
          user,
          name,
          language,
          query: { values: JSON.stringify(values) },
        });
        return { ...answer, data: answer.data ? withRowValues(answer.data) : null };
      },
      async file(
        user: AuthenticatedUser,
        name: string,
        format: ReportDownloadFormat,
        values: ParameterValues,
        language: UiLanguageName,
      ) {
        const download = await downloads.open({
          user,
          name,
          format,
          values: JSON.stringify(values),
          language,
        });
        const chunks: Buffer[] = [];
        for await (const chunk of download.body as AsyncIterable<Buffer | string>) {
          chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        }
        return {
          fileName: download.fileName,
          contentType: download.contentType,
          content: Buffer.concat(chunks),
        };
      },
    },
  };
}
