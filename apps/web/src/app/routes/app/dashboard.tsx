import { effectiveCulture, isAdministrator } from '@cockpit/contracts';
import { useCallback } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Group, Stack } from '@mantine/core';
import { DashboardView } from '../../../features/dashboards/components/dashboard-view';
import { useDashboard } from '../../../features/dashboards/api/get-dashboard';
import { useRecordOpening } from '../../../features/recents/api/record-recent';
import { useReportWithValues } from '../../../features/reports/api/get-report';
import { SubscribeButton } from '../../../features/subscriptions/components/subscribe-button';
import { SubscribedReportProvider } from '../../../features/subscriptions/components/subscribed-report';
import { useUserSettings } from '../../../features/user-settings/api/get-user-settings';

/**
 * `/dashboards/:layoutId`, behind the dashboards guard. The app layer hands the dashboard the user's
 * culture and currency symbol, and the values of its parameters as the address keeps them (`?values=`,
 * lib/parameter-values), so a reload or a shared link shows the same view. A dashboard that loaded offers
 * "Subscribe" as a report does (decision 029: a dashboard's mail has its tiles, with its own values).
 */
export function DashboardRoute() {
  const { i18n } = useTranslation();
  const { layoutId = '' } = useParams();
  const settings = useUserSettings();
  const account = settings.data?.accountSettings;
  const [searchParams, setSearchParams] = useSearchParams();
  // The view's own query (the same key, no second request): Subscribe only for a dashboard that opened.
  const opened = useDashboard(layoutId).isSuccess;
  const handleValuesChange = useCallback(
    (values: string | undefined) => setSearchParams(values ? { values } : {}, { replace: true }),
    [setSearchParams],
  );
  // The reports home's "Continue where you left off" (docs/product.md).
  useRecordOpening('dashboard', layoutId);
  return (
    <Stack gap="xs">
      {opened && (
        <SubscribedReportProvider value={useReportWithValues}>
          <Group justify="flex-end" gap="xs">
            <SubscribeButton targetKind="dashboard" targetName={layoutId} parameterValues={{}} />
          </Group>
        </SubscribedReportProvider>
      )}
      <DashboardView
        key={layoutId}
        layoutId={layoutId}
        culture={effectiveCulture(account?.uiCulture, i18n.language)}
        currencySymbol={account?.currencySymbol ?? '€'}
        values={searchParams.get('values') || undefined}
        onValuesChange={handleValuesChange}
        isAdministrator={settings.data !== undefined && isAdministrator(settings.data)}
      />
    </Stack>
  );
}
