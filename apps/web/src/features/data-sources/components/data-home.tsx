import type { ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataSourcesList } from './data-sources-list';

type DataHomeProps = {
  sourceHref: (name: string) => string;
  definitionHref: (name: string) => string;
  queryLogHref: string;
  /** The report definitions over the sources: the catalogue's list, passed in by the page. */
  definitions: ReactNode;
};

/** Management → Data (decision 027): the data sources, the report definitions over them, the query log. */
export function DataHome({ sourceHref, definitionHref, queryLogHref, definitions }: DataHomeProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <Group justify="flex-end">
        <Button
          component={Link}
          to={queryLogHref}
          variant="default"
          leftSection={<IconListDetails size={16} aria-hidden="true" />}
        >
          {t('management.data.log.title')}
        </Button>
      </Group>
      <DataSourcesList sourceHref={sourceHref} definitionHref={definitionHref} />
      {definitions}
    </Stack>
  );
}
