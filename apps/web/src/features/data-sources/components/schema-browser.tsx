import { useMemo, useState } from 'react';
import { Accordion, Alert, Group, Loader, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderTile } from '../../../components/ui/placeholder-tile';
import { useSourceSchema } from '../api/get-source-schema';
import { serverErrorMessage } from '../../../lib/server-error';
import { dataSourceErrorTexts } from '../utils/labels';

/** How many tables are drawn at once; the filter finds the others. */
const shownTables = 200;

/** The source's tables, each opening to its columns and their database types (decision 027). */
export function SchemaBrowser({ name }: { name: string }) {
  const { t } = useTranslation();
  const schema = useSourceSchema(name);
  const [filter, setFilter] = useState('');
  const tables = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const all = schema.data?.tables ?? [];
    return needle
      ? all.filter((table) => `${table.schema}.${table.name}`.toLowerCase().includes(needle))
      : all;
  }, [schema.data, filter]);

  if (schema.isPending) {
    return (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Group>
    );
  }
  if (schema.isError) {
    return (
      <Alert color="red" role="alert" title={t('management.data.schema.failed')}>
        {serverErrorMessage(t, schema.error, dataSourceErrorTexts)}
      </Alert>
    );
  }
  if (schema.data.tables.length === 0) {
    return (
      <PlaceholderTile
        icon="search"
        headingOrder={3}
        headline={t('management.data.schema.emptyTitle')}
        text={t('management.data.schema.emptyText')}
      />
    );
  }
  return (
    <>
      <TextInput
        label={t('management.data.schema.filter')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        maw={360}
      />
      {(schema.data.truncated || tables.length > shownTables) && (
        <Text size="sm" c="dimmed">
          {t('management.data.schema.more', { count: Math.min(tables.length, shownTables) })}
        </Text>
      )}
      <Accordion multiple variant="separated" data-testid="schema-browser">
        {tables.slice(0, shownTables).map((table) => (
          <Accordion.Item key={`${table.schema}.${table.name}`} value={`${table.schema}.${table.name}`}>
            <Accordion.Control>
              <Text size="sm" ff="monospace">
                <Text span c="dimmed" inherit>
                  {table.schema}.
                </Text>
                {table.name}
                <Text span c="dimmed" size="xs" ml="xs">
                  {t('management.data.schema.columns', { count: table.columns.length })}
                </Text>
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Table verticalSpacing={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('management.data.schema.column')}</Table.Th>
                    <Table.Th>{t('management.data.schema.type')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {table.columns.map((column) => (
                    <Table.Tr key={column.name}>
                      <Table.Td ff="monospace">{column.name}</Table.Td>
                      <Table.Td ff="monospace" c="dimmed">
                        {column.type}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </>
  );
}
