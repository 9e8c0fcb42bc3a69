import { Button, Group, Stack } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataSourcesList } from './data-sources-list';
import { DefinitionsList } from './definitions-list';

type DataHomeProps = {
  sourceHref: (name: string) => string;
  definitionHref: (name: string) => string;
  newDefinitionHref: string;
  queryLogHref: string;
};

/** Management → Data (decision 027): the data sources, the report definitions over them, the query log. */
export function DataHome({ sourceHref, definitionHref, newDefinitionHref, queryLogHref }: DataHomeProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <Group justify="flex-end">
        <Button component={Link} to={queryLogHref} variant="default" leftSection={<IconListDetails size={16} aria-hidden="true" />}>
          {t('management.data.log.title')}
        </Button>
      </Group>
      <DataSourcesList sourceHref={sourceHref} definitionHref={definitionHref} />
      <DefinitionsList sourceHref={sourceHref} definitionHref={definitionHref} newDefinitionHref={newDefinitionHref} />
    </Stack>
  );
}
