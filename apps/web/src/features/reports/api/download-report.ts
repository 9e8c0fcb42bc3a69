import { useMutation } from '@tanstack/react-query';
import { apiRoutes, type ReportDownloadFormat } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';
import type { ReportSearch } from '../utils/report-search';

/**
 * `GET /api/reports/:name/download` (decision 027): a query report's whole result as CSV or XLSX, written
 * by the server while it is sent, for the values on the page; fetched with the bearer token and saved.
 */
export async function downloadReport(
  name: string,
  format: ReportDownloadFormat,
  search: ReportSearch,
): Promise<void> {
  const file = await api.download(apiRoutes.downloadReport, {
    params: { name },
    query: { format, ...(search.values ? { values: search.values } : {}) },
  });
  downloadBlob(file.fileName ?? `${name}.${format}`, file.blob);
}

export function useDownloadReport(name: string, search: ReportSearch) {
  return useMutation({ mutationFn: (format: ReportDownloadFormat) => downloadReport(name, format, search) });
}
