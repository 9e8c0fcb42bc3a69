import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DashboardView } from '../../../features/dashboards/components/dashboard-view';
import { useRecordOpening } from '../../../features/recents/api/record-recent';
import { useUserSettings } from '../../../features/settings/api/get-user-settings';

/**
 * `/dashboards/:layoutId`, behind the dashboards guard. The app layer hands the dashboard the user's
 * culture and currency symbol.
 */
export function DashboardRoute() {
  const { i18n } = useTranslation();
  const { layoutId = '' } = useParams();
  const settings = useUserSettings();
  const account = settings.data?.accountSettings;
  // The reports home's "Continue where you left off" (DESIGN.md §3 routes).
  useRecordOpening('dashboard', layoutId);
  return (
    <DashboardView
      key={layoutId}
      layoutId={layoutId}
      culture={account?.uiCulture ?? i18n.language}
      currencySymbol={account?.currencySymbol ?? '€'}
    />
  );
}
