import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiRoutes, type ParameterValues } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { SubscribedReportProvider } from '../components/subscribed-report';

/** The report's request as the reports feature makes it (the page gives that one); the tests stub its answer. */
function useTestReport(name: string, values: ParameterValues, enabled: boolean) {
  const search = Object.keys(values).length > 0 ? { values: JSON.stringify(values) } : {};
  return useQuery({
    queryKey: ['report', name, search],
    queryFn: () => api.call(apiRoutes.getReport, { params: { name }, query: search }),
    enabled: enabled && name !== '',
  });
}

/** The subscription dialogs' report query, as a page gives it. */
export function WithSubscribedReport({ children }: { children: ReactNode }) {
  return <SubscribedReportProvider value={useTestReport}>{children}</SubscribedReportProvider>;
}
