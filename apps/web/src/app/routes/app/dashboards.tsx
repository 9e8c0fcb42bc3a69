import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { DashboardsOverview } from '../../../features/dashboards/components/dashboards-overview';

/** docs/product.md §2 dashboards route, titled Dashboards (reached only when dashboards are available). */
export function DashboardsRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('dashboards.title')}>
      <DashboardsOverview />
    </Page>
  );
}
