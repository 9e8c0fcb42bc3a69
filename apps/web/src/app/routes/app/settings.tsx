import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';

/** spec §2 settings route, titled Settings. The settings form arrives with issue 3. */
export function SettingsRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('settings.title')}>
      <Text c="dimmed">{t('common.comingSoon')}</Text>
    </Page>
  );
}
