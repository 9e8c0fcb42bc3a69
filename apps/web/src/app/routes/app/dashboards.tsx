import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';

/** spec §2 dashboards route, titled Dashboards (reached only when dashboards are available). */
export function DashboardsRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('dashboards.title')}>
      <Text c="dimmed">{t('common.comingSoon')}</Text>
    </Page>
  );
}
