import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiRoutes,
  type ParameterValues,
  type ReportResponse,
  type UiLanguageName,
} from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { refetchOnMeta } from '../../../lib/refetch-on';
import { useUiLanguage } from '../../../lib/use-ui-language';
import type { ReportSearch } from '../utils/report-search';

/**
 * `GET /api/reports/:name`: the report's definition and, for a query report, its data for the chosen
 * parameter values (decision 027). The server validates the parameters (400 names the field) and checks
 * the answer against its schema before sending; a table may hold 100,000 rows, so it is not parsed a
 * second time here. Labels come in the request's language, so the language is part of the key.
 */
export function getReport(name: string, search: ReportSearch): Promise<ReportResponse> {
  // The page's address is passed on as it is: the server answers 400 naming a field it does not accept.
  return api.call(apiRoutes.getReport, { params: { name }, query: search });
}

export function getReportQueryOptions(name: string, search: ReportSearch, language: UiLanguageName) {
  return queryOptions({
    queryKey: ['report', name, language, search],
    queryFn: () => getReport(name, search),
    // A report the user may no longer see answers "not found" once the catalogue changed (decision 015).
    meta: refetchOnMeta('catalogue-changed'),
  });
}

/** Keeps showing the previous answer while new parameters load, so the page does not jump. */
export function useReport(name: string, search: ReportSearch) {
  const language = useUiLanguage();
  return useQuery({ ...getReportQueryOptions(name, search, language), placeholderData: keepPreviousData });
}

/**
 * A query report's refresh button (decision 027): the same view run afresh (`refresh=true` skips the
 * server's cache for this one run); the answer replaces the cached one under the page's own key.
 */
export function useRefreshReport(name: string, search: ReportSearch) {
  const language = useUiLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getReport(name, { ...search, refresh: 'true' } as ReportSearch),
    onSuccess: (answer) =>
      queryClient.setQueryData(getReportQueryOptions(name, search, language).queryKey, answer),
  });
}

/**
 * The report with the values a subscription or an alert keeps: its parameters (with their choices and
 * presets) and its result's columns for the subscription dialog (decision 029). The report page's own
 * request and key (`?values=` as JSON), so a dialog opened on the page reads the answer the page has.
 */
export function useReportWithValues(name: string, values: ParameterValues, enabled = true) {
  const language = useUiLanguage();
  const search = (Object.keys(values).length > 0 ? { values: JSON.stringify(values) } : {}) as ReportSearch;
  const options = getReportQueryOptions(name, search, language);
  // An item the user may no longer see answers "not found": said by the dialog, not the page's loader.
  return useQuery({
    ...options,
    enabled: enabled && name !== '',
    meta: { ...options.meta, globalLoading: false },
  });
}
