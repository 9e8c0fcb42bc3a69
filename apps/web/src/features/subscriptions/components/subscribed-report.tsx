import { createContext, useContext } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ParameterValues, ReportResponse } from '@cockpit/contracts';

/**
 * The report a subscription or alert is about, with the values it keeps (its parameters, choices and
 * result columns for the dialog): the reports feature's query, given by the page (features stay apart;
 * the report's endpoint is the reports feature's).
 */
export type SubscribedReportQuery = (
  name: string,
  values: ParameterValues,
  enabled: boolean,
) => UseQueryResult<ReportResponse>;

const SubscribedReportContext = createContext<SubscribedReportQuery | null>(null);

/** Set by each page that offers subscriptions (the report page, settings, Management → Mail). */
export const SubscribedReportProvider = SubscribedReportContext.Provider;

export function useSubscribedReport(
  name: string,
  values: ParameterValues,
  enabled = true,
): UseQueryResult<ReportResponse> {
  const query = useContext(SubscribedReportContext);
  if (!query)
    throw new Error(
      'useSubscribedReport needs a SubscribedReportProvider (the page gives the reports query)',
    );
  return query(name, values, enabled);
}
