import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ManagedDataSource } from '@cockpit/contracts';
import { QueryTable } from '../../../components/ui/query-table';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { useDataSources } from '../api/get-data-sources';
import { kindLabelKeys } from '../utils/labels';
import { localisedText } from '../../../lib/localised-text';
import { DataSourceDialog } from './data-source-dialog';
import { DeleteDataSourceDialog } from './delete-dialogs';
import { ListHeading, RowButton } from '../../../components/ui/list-row-buttons';

type DataSourcesListProps = {
  /** The address of a source's page (the app layer owns the paths). */
  sourceHref: (name: string) => string;
  definitionHref: (name: string) => string;
};

type Editing = { source: ManagedDataSource | null } | null;

/** Where a database source connects: `host:port/database`. */
export function whereOf(source: ManagedDataSource): string | null {
  const connection = source.connection;
  return connection ? `${connection.host}:${connection.port}/${connection.database}` : null;
}

/**
 * Management → Data: the organisation's data sources (decision 027) — name, kind, where, whether the
 * password is missing, the definitions that read each — with add, change and delete.
 */
export function DataSourcesList({ sourceHref, definitionHref }: DataSourcesListProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const sources = useDataSources();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ManagedDataSource | null>(null);

  return (
    <Stack gap="sm" component="section" aria-labelledby="data-sources-title">
      <ListHeading
        id="data-sources-title"
        title={t('management.data.sources.title')}
        intro={t('management.data.sources.intro')}
        action={
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setEditing({ source: null })}
          >
            {t('management.data.sources.add')}
          </Button>
        }
      />
      <QueryTable
        query={sources}
        items={(data) => data.items}
        empty={{
          icon: 'search',
          headline: t('management.data.sources.emptyTitle'),
          text: t('management.data.sources.emptyText'),
        }}
        columns={[
          t('management.data.sources.name'),
          t('management.data.sources.kind'),
          t('management.data.sources.where'),
          t('management.data.sources.usedBy'),
          { label: t('management.data.actions'), hidden: true },
        ]}
        minWidth={760}
        data-testid="data-sources-table"
        renderRow={(source) => (
          <Table.Tr key={source.name} data-testid="data-source-row">
            <Table.Td>
              <Anchor component={Link} to={sourceHref(source.name)} fw={500}>
                {localisedText(source.title, language)}
              </Anchor>
              <Text size="xs" c="dimmed" ff="monospace">
                {source.name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{t(kindLabelKeys[source.kind])}</Text>
            </Table.Td>
            <Table.Td>
              <Group gap="xs">
                {whereOf(source) ? (
                  <Text size="sm" ff="monospace">
                    {whereOf(source)}
                  </Text>
                ) : (
                  <Text size="sm">{t('management.data.sources.ownDatabase')}</Text>
                )}
                {source.needsPassword && (
                  <Badge color="orange" variant="light">
                    {t('management.data.sources.needsPassword')}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>
              {source.definitions.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('management.data.sources.unused')}
                </Text>
              ) : (
                <Group gap={6}>
                  {source.definitions.map((name) => (
                    <Anchor key={name} component={Link} to={definitionHref(name)} size="sm" ff="monospace">
                      {name}
                    </Anchor>
                  ))}
                </Group>
              )}
            </Table.Td>
            <Table.Td>
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <RowButton kind="edit" name={source.name} onClick={() => setEditing({ source })} />
                {source.kind !== 'uploads' && (
                  <RowButton kind="delete" name={source.name} onClick={() => setDeleting(source)} />
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {editing && <DataSourceDialog source={editing.source} onClose={() => setEditing(null)} />}
      {deleting && (
        <DeleteDataSourceDialog
          name={deleting.name}
          definitions={deleting.definitions}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}
