import { useState } from 'react';
import { Anchor, Badge, Group, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { queryLogRetentionDays, type QueryLogEntry, type QueryPurpose } from '@cockpit/contracts';
import { QueryTable } from '../../../components/ui/query-table';
import { formatDateTime, formatRelativeTime, useCulture } from '../../../lib/date-time';
import { useNow } from '../../../lib/use-now';
import { useDataSources } from '../api/get-data-sources';
import { useQueryLog } from '../api/get-query-log';
import { parameterText } from '../../../lib/parameter-values';

// Static keys: checks/locale-keys.test.ts finds them and checks that every language has them.
const purposeLabelKeys: Record<QueryPurpose, string> = {
  report: 'management.data.log.purpose.report',
  tile: 'management.data.log.purpose.tile',
  download: 'management.data.log.purpose.download',
  preview: 'management.data.log.purpose.preview',
  choices: 'management.data.log.purpose.choices',
  delivery: 'management.data.log.purpose.delivery',
};

type QueryLogProps = {
  dataHref: string;
  definitionHref: (name: string) => string;
  /** The report definitions to filter by (the catalogue's, passed in by the page). */
  definitionNames: readonly string[];
};

/**
 * Management → Data → Query log (decision 027): every run of report SQL — who, which report, the values,
 * rows, duration, cache hit, error — newest first, paged, filtered by source, definition or errors.
 */
export function QueryLog({ dataHref, definitionHref, definitionNames }: QueryLogProps) {
  const { t } = useTranslation();
  const culture = useCulture();
  const now = useNow();
  const [dataSource, setDataSource] = useState<string | null>(null);
  const [definition, setDefinition] = useState<string | null>(null);
  const [errorsOnly, setErrorsOnly] = useState(false);
  const [page, setPage] = useState(1);
  const log = useQueryLog({ dataSource, definition, errorsOnly, page });
  const sources = useDataSources();
  const numbers = new Intl.NumberFormat(culture);

  return (
    <Stack gap="md">
      <Anchor component={Link} to={dataHref} size="sm">
        {t('management.data.backToData')}
      </Anchor>
      <Text c="dimmed" size="sm" maw={720}>
        {t('management.data.log.intro', { days: queryLogRetentionDays })}
      </Text>
      <Group align="flex-end" gap="md">
        <Select
          label={t('management.data.log.source')}
          data={[
            { value: '', label: t('management.data.log.all') },
            ...(sources.data?.items ?? []).map((source) => ({ value: source.name, label: source.name })),
          ]}
          value={dataSource ?? ''}
          onChange={(value) => {
            setDataSource(value || null);
            setPage(1);
          }}
          allowDeselect={false}
          w={220}
        />
        <Select
          label={t('management.data.log.definition')}
          data={[
            { value: '', label: t('management.data.log.all') },
            ...definitionNames.map((name) => ({ value: name, label: name })),
          ]}
          value={definition ?? ''}
          onChange={(value) => {
            setDefinition(value || null);
            setPage(1);
          }}
          allowDeselect={false}
          searchable
          w={240}
        />
        <Switch
          label={t('management.data.log.errorsOnly')}
          checked={errorsOnly}
          onChange={(event) => {
            setErrorsOnly(event.currentTarget.checked);
            setPage(1);
          }}
          mb={8}
        />
      </Group>
      <QueryTable
        query={log}
        items={(data) => data.items}
        empty={{
          icon: 'search',
          headline: t('management.data.log.emptyTitle'),
          text: t('management.data.log.emptyText'),
        }}
        columns={[
          t('management.data.log.when'),
          t('management.data.log.who'),
          t('management.data.log.report'),
          t('management.data.log.values'),
          t('management.data.log.rows'),
          t('management.data.log.duration'),
          t('management.data.log.result'),
        ]}
        minWidth={960}
        pages={(data) => ({ total: Math.ceil(data.total / data.pageSize), page, onChange: setPage })}
        data-testid="query-log-table"
        renderRow={(entry: QueryLogEntry) => (
          <Table.Tr key={entry.id} data-testid="query-log-row">
            <Table.Td>
              <Text size="sm" component="time" dateTime={entry.at} title={formatDateTime(entry.at, culture)}>
                {formatRelativeTime(entry.at, culture, now)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{entry.userName ?? t('management.data.log.system')}</Text>
            </Table.Td>
            <Table.Td>
              {entry.definition ? (
                <Anchor component={Link} to={definitionHref(entry.definition)} size="sm" ff="monospace">
                  {entry.definition}
                </Anchor>
              ) : (
                <Text size="sm">—</Text>
              )}
              <Text size="xs" c="dimmed">
                {t(purposeLabelKeys[entry.purpose])}
                {entry.target && entry.target !== entry.definition ? ` · ${entry.target}` : ''}
                {entry.dataSource ? ` · ${entry.dataSource}` : ''}
              </Text>
            </Table.Td>
            <Table.Td>
              {Object.keys(entry.parameters).length === 0 ? (
                <Text size="sm" c="dimmed">
                  —
                </Text>
              ) : (
                Object.entries(entry.parameters).map(([name, value]) => (
                  <Text key={name} size="xs" ff="monospace">
                    {name}: {parameterText(value)}
                  </Text>
                ))
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{entry.rows === null ? '—' : numbers.format(entry.rows)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{t('management.data.log.milliseconds', { count: entry.milliseconds })}</Text>
            </Table.Td>
            <Table.Td>
              {entry.error ? (
                <Stack gap={2}>
                  <Badge color="red" variant="light">
                    {t('management.data.log.error')}
                  </Badge>
                  <Text size="xs" ff="monospace" style={{ wordBreak: 'break-word' }}>
                    {entry.error}
                  </Text>
                </Stack>
              ) : entry.cacheHit ? (
                <Badge color="gray" variant="light">
                  {t('management.data.log.cacheHit')}
                </Badge>
              ) : (
                <Badge color="green" variant="light">
                  {t('management.data.log.ran')}
                </Badge>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
