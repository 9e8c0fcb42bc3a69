import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DashboardView } from '../../../features/dashboards/components/dashboard-view';
import { useDashboardPinToggle } from './use-dashboard-pin-toggle';
import { useUserSettings } from '../../../features/settings/api/get-user-settings';

/**
 * `/dashboards/:layoutId` (issue 5), behind the dashboards guard. The app layer hands the dashboard
 * the user's culture and currency symbol and the navigation feature's pin toggle.
 */
export function DashboardRoute() {
  const { i18n } = useTranslation();
  const { layoutId = '' } = useParams();
  const settings = useUserSettings();
  const onTogglePin = useDashboardPinToggle();
  const account = settings.data?.accountSettings;
  return (
    <DashboardView
      key={layoutId}
      layoutId={layoutId}
      culture={account?.uiCulture ?? i18n.language}
      currencySymbol={account?.currencySymbol ?? '€'}
      onTogglePin={onTogglePin}
    />
  );
}
