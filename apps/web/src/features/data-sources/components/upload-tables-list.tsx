import { useState } from 'react';
import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UploadedTablesResponse } from '@cockpit/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryTable } from '../../../components/ui/query-table';
import { formatDateTime, useCulture } from '../../../lib/date-time';
import { useRemoveUploadedTable, useUploadedTables } from '../api/upload-tables';
import { uploadFormatLabelKeys, uploadTypeLabelKeys } from './upload-labels';
import { RowButton } from '../../../components/ui/list-row-buttons';

type UploadedTable = UploadedTablesResponse['items'][number];

/**
 * The tables of an `uploads` source (decision 027): name, columns with their types, rows, last upload,
 * and removal (the table and its rows; reports reading it then fail until it is uploaded again).
 */
export function UploadedTablesList({ sourceName }: { sourceName: string }) {
  const { t } = useTranslation();
  const culture = useCulture();
  const tables = useUploadedTables(sourceName);
  const remove = useRemoveUploadedTable();
  const [removing, setRemoving] = useState<string | null>(null);
  const number = new Intl.NumberFormat(culture);

  return (
    <Stack gap="sm" component="section" aria-labelledby="uploaded-tables-title">
      <Title order={3} size="h4" id="uploaded-tables-title">
        {t('management.data.uploadedTables.title')}
      </Title>
      <QueryTable
        query={tables}
        items={(data) => data.items}
        empty={{
          icon: 'search',
          headline: t('management.data.uploadedTables.emptyTitle'),
          text: t('management.data.uploadedTables.emptyText'),
        }}
        columns={[
          t('management.data.uploadedTables.name'),
          t('management.data.uploadedTables.columns'),
          t('management.data.uploadedTables.rows'),
          t('management.data.uploadedTables.updatedAt'),
          { label: t('management.data.actions'), hidden: true },
        ]}
        minWidth={720}
        data-testid="uploaded-tables"
        renderRow={(table: UploadedTable) => (
          <Table.Tr key={table.name} data-testid="uploaded-table-row">
            <Table.Td>
              <Text size="sm" ff="monospace" fw={500}>
                {table.name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap={4}>
                {table.columns.map((column) => (
                  <Badge key={column.name} variant="light" color="gray" tt="none" fw={400}>
                    {column.name}: {t(uploadTypeLabelKeys[column.type])}
                    {column.format ? ` (${t(uploadFormatLabelKeys[column.format])})` : ''}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{number.format(table.rows)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDateTime(table.updatedAt, culture)}</Text>
            </Table.Td>
            <Table.Td>
              <Group justify="flex-end">
                <RowButton
                  kind="delete"
                  name={table.name}
                  onClick={() => {
                    remove.reset();
                    setRemoving(table.name);
                  }}
                />
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {removing && (
        <ConfirmDialog
          title={t('management.data.uploadedTables.removeTitle', { table: removing })}
          confirmLabel={t('management.data.delete')}
          danger
          pending={remove.isPending}
          failed={remove.isError}
          onConfirm={() =>
            remove.mutate({ sourceName, table: removing }, { onSuccess: () => setRemoving(null) })
          }
          onClose={() => setRemoving(null)}
        >
          {t('management.data.uploadedTables.removeText', { table: removing })}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
