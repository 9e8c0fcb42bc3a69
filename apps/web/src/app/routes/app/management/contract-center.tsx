import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../../components/ui/page';

/** spec §2 `/management/administrator/contractcenter`: the contract center (content: a later issue). */
export function ContractCenterRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('contractCenter.title')}>
      <Text c="dimmed">{t('common.comingSoon')}</Text>
    </Page>
  );
}
