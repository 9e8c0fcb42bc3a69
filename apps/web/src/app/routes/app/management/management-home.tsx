import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../../config/paths';
import { Page } from '../../../../components/ui/page';

/** spec §2 management route: the management area (organisation administrators only). */
export function ManagementHomeRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('management.title')}>
      <Text c="dimmed">{t('common.comingSoon')}</Text>
      <Anchor component={Link} to={paths.contractCenter.getHref()}>
        {t('management.openContractCenter')}
      </Anchor>
    </Page>
  );
}
