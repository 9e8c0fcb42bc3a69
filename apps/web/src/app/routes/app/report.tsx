import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { useMenu } from '../../../features/navigation/api/get-menu';

/** `/reports/:name`: the report's page. Its content (KPIs, chart, table) arrives with the next issue. */
export function ReportRoute() {
  const { t } = useTranslation();
  const { name = '' } = useParams();
  const menu = useMenu();
  const item = menu.data?.groups.flatMap((group) => group.items).find((candidate) => candidate.name === name);
  const title = item?.title ?? name;
  return (
    <Page title={title}>
      {item?.subTitle && <Text c="dimmed">{item.subTitle}</Text>}
      <Text>{t('reports.placeholder', { name: title })}</Text>
    </Page>
  );
}
