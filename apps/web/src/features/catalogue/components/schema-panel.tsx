import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataSourceKind, SourceSchemaResponse, SourceTable } from '@cockpit/contracts';
import { serverErrorMessage } from '../../../lib/server-error';
import { definitionErrorTexts } from '../utils/definition-labels';
import classes from './catalogue.module.css';

type SchemaPanelProps = {
  /** The chosen source's tables; null: no source chosen (or its password is missing), nothing is asked. */
  schema: UseQueryResult<SourceSchemaResponse> | null;
  kind: DataSourceKind;
  /** Puts a table's or a column's name at the SQL editor's cursor. */
  onInsert: (text: string) => void;
};

/** How many tables are drawn at once; the filter finds the others. */
const shownTables = 100;

/** A name as the SQL must write it: plain when the dialect reads it back unchanged, else quoted. */
export function sqlName(name: string, kind: DataSourceKind): string {
  if (kind === 'mysql')
    return /^[A-Za-z_][A-Za-z0-9_$]*$/.test(name) ? name : `\`${name.replaceAll('`', '``')}\``;
  return /^[a-z_][a-z0-9_$]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`;
}

/**
 * The schema browser beside the SQL (decision 045): the source's tables, each opening to its columns and
 * their types; a click on a name writes it at the cursor. A table of the default schema (the first the
 * server lists, the one completion knows without prefix) is written without its schema.
 */
export function SchemaPanel({ schema, kind, onInsert }: SchemaPanelProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const all = schema?.data?.tables;
  const tables = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const list = all ?? [];
    return needle
      ? list.filter(
          (table) =>
            `${table.schema}.${table.name}`.toLowerCase().includes(needle) ||
            table.columns.some((column) => column.name.toLowerCase().includes(needle)),
        )
      : list;
  }, [all, filter]);
  const defaultSchema = all?.[0]?.schema;
  const tableName = (table: SourceTable) =>
    table.schema === defaultSchema
      ? sqlName(table.name, kind)
      : `${sqlName(table.schema, kind)}.${sqlName(table.name, kind)}`;
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  let body;
  if (!schema) {
    body = (
      <Text size="sm" c="dimmed">
        {t('management.data.schemaPanel.noSource')}
      </Text>
    );
  } else if (schema.isPending) {
    body = (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Group>
    );
  } else if (schema.isError) {
    body = (
      <Alert color="red" role="alert" title={t('management.data.schema.failed')}>
        {serverErrorMessage(t, schema.error, definitionErrorTexts)}
      </Alert>
    );
  } else if (schema.data.tables.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {t('management.data.schema.emptyText')}
      </Text>
    );
  } else {
    body = (
      <>
        <TextInput
          size="xs"
          label={t('management.data.schema.filter')}
          leftSection={<IconSearch size={14} aria-hidden="true" />}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
        {tables.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('management.data.schemaPanel.noMatch')}
          </Text>
        )}
        <ScrollArea.Autosize mah={400} type="auto" offsetScrollbars>
          <ul className={classes.schemaList} data-testid="schema-panel-tables">
            {tables.slice(0, shownTables).map((table) => {
              const key = `${table.schema}.${table.name}`;
              const expanded = open.has(key) || (filter.trim() !== '' && tables.length <= 5);
              const columnsId = `schema-columns-${key}`;
              return (
                <li key={key}>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-expanded={expanded}
                      aria-controls={columnsId}
                      aria-label={t('management.data.schemaPanel.columnsOf', { table: table.name })}
                      onClick={() => toggle(key)}
                    >
                      {expanded ? (
                        <IconChevronDown size={14} aria-hidden="true" />
                      ) : (
                        <IconChevronRight size={14} aria-hidden="true" />
                      )}
                    </ActionIcon>
                    <UnstyledButton
                      className={classes.schemaName}
                      onClick={() => onInsert(tableName(table))}
                      title={t('management.data.schemaPanel.insert')}
                    >
                      <Text span size="sm" ff="monospace" fw={600}>
                        {table.schema === defaultSchema ? table.name : key}
                      </Text>
                    </UnstyledButton>
                  </Group>
                  {expanded && (
                    <ul className={classes.schemaColumns} id={columnsId}>
                      {table.columns.map((column) => (
                        <li key={column.name}>
                          <UnstyledButton
                            className={classes.schemaName}
                            onClick={() => onInsert(sqlName(column.name, kind))}
                            title={t('management.data.schemaPanel.insert')}
                          >
                            <Text span size="sm" ff="monospace">
                              {column.name}
                            </Text>{' '}
                            <Text span size="xs" c="dimmed" ff="monospace">
                              {column.type}
                            </Text>
                          </UnstyledButton>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        </ScrollArea.Autosize>
        {(schema.data.truncated || tables.length > shownTables) && (
          <Text size="xs" c="dimmed">
            {t('management.data.schema.more', { count: Math.min(tables.length, shownTables) })}
          </Text>
        )}
      </>
    );
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="schema-panel-title" data-testid="schema-panel">
      <Title order={4} size="h5" id="schema-panel-title">
        {t('management.data.schemaPanel.title')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('management.data.schemaPanel.hint')}
      </Text>
      {body}
    </Stack>
  );
}
