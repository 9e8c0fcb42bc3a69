import { isAdministrator } from '@cockpit/contracts';
import { useCallback } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DashboardView } from '../../../features/dashboards/components/dashboard-view';
import { useRecordOpening } from '../../../features/recents/api/record-recent';
import { useUserSettings } from '../../../features/user-settings/api/get-user-settings';

/**
 * `/dashboards/:layoutId`, behind the dashboards guard. The app layer hands the dashboard the user's
 * culture and currency symbol, and the values of its parameters as the address keeps them (`?values=`,
 * lib/parameter-values), so a reload or a shared link shows the same view.
 */
export function DashboardRoute() {
  const { i18n } = useTranslation();
  const { layoutId = '' } = useParams();
  const settings = useUserSettings();
  const account = settings.data?.accountSettings;
  const [searchParams, setSearchParams] = useSearchParams();
  const handleValuesChange = useCallback(
    (values: string | undefined) => setSearchParams(values ? { values } : {}, { replace: true }),
    [setSearchParams],
  );
  // The reports home's "Continue where you left off" (docs/product.md).
  useRecordOpening('dashboard', layoutId);
  return (
    <DashboardView
      key={layoutId}
      layoutId={layoutId}
      culture={account?.uiCulture ?? i18n.language}
      currencySymbol={account?.currencySymbol ?? '€'}
      values={searchParams.get('values') || undefined}
      onValuesChange={handleValuesChange}
      isAdministrator={settings.data !== undefined && isAdministrator(settings.data)}
    />
  );
}
