import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { useUserSettings } from '../../../features/settings/api/get-user-settings';

/** spec §2 reports route (the root): the reports area. For now a welcome and "choose a report". */
export function ReportsHomeRoute() {
  const { t } = useTranslation();
  const settings = useUserSettings();
  return (
    <Page title={t('reports.title')}>
      {settings.data && <Text size="lg">{t('reports.welcome', { name: settings.data.userDisplayName })}</Text>}
      <Text c="dimmed">{t('reports.choose')}</Text>
    </Page>
  );
}
