import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type DataSourceKind, type RowRule, rowRuleBodySchema } from '@cockpit/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { RowButton } from '../../../components/ui/list-row-buttons';
import { QueryTable } from '../../../components/ui/query-table';
import { isApiRequestError } from '../../../lib/api-client';
import { useSourceSchema } from '../api/get-source-schema';
import { useDeleteRowRule, useRowRules, useSaveRowRule } from '../api/row-rules';

// Management → Data → a source's row rules (docs/decisions/044-row-rules.md): per table, "column = user
// attribute". Every report reading the table shows a reader only the rows whose column holds one of the
// reader's attribute values; administrators see all rows where a rule says so.

type RowRulesSectionProps = { sourceName: string; kind: DataSourceKind };

/** "schema.table", or the table alone (uploaded tables, a rule for any schema). */
const tableLabel = (rule: Pick<RowRule, 'schema' | 'table'>) =>
  rule.schema ? `${rule.schema}.${rule.table}` : rule.table;

export function RowRulesSection({ sourceName, kind }: RowRulesSectionProps) {
  const { t } = useTranslation();
  const rules = useRowRules(sourceName);
  const remove = useDeleteRowRule();
  const [editing, setEditing] = useState<RowRule | 'new' | null>(null);
  const [removing, setRemoving] = useState<RowRule | null>(null);

  return (
    <Stack gap="sm" component="section" aria-labelledby="row-rules-title">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={3} size="h4" id="row-rules-title">
            {t('management.data.rowRules.title')}
          </Title>
          <Text size="sm" c="dimmed" maw={640}>
            {t('management.data.rowRules.intro')}
          </Text>
        </Stack>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setEditing('new')}
        >
          {t('management.data.rowRules.add')}
        </Button>
      </Group>
      <QueryTable
        query={rules}
        items={(data) => data.items}
        empty={{
          icon: 'search',
          headline: t('management.data.rowRules.emptyTitle'),
          text: t('management.data.rowRules.emptyText'),
        }}
        columns={[
          t('management.data.rowRules.table'),
          t('management.data.rowRules.column'),
          t('management.data.rowRules.attribute'),
          t('management.data.rowRules.administrators'),
          { label: t('management.data.actions'), hidden: true },
        ]}
        minWidth={640}
        data-testid="row-rules"
        renderRow={(rule: RowRule) => (
          <Table.Tr key={rule.id} data-testid="row-rule-row">
            <Table.Td>
              <Text size="sm" ff="monospace" fw={500}>
                {tableLabel(rule)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {rule.column}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {rule.attribute}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={rule.administratorsSeeAll ? 'blue' : 'gray'}>
                {rule.administratorsSeeAll
                  ? t('management.data.rowRules.seeAll')
                  : t('management.data.rowRules.filtered')}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group justify="flex-end" gap={4} wrap="nowrap">
                <RowButton
                  kind="edit"
                  name={`${tableLabel(rule)}.${rule.column}`}
                  onClick={() => setEditing(rule)}
                />
                <RowButton
                  kind="delete"
                  name={`${tableLabel(rule)}.${rule.column}`}
                  onClick={() => {
                    remove.reset();
                    setRemoving(rule);
                  }}
                />
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {editing && (
        <RowRuleDialog
          sourceName={sourceName}
          kind={kind}
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={t('management.data.rowRules.removeTitle', {
            table: tableLabel(removing),
            column: removing.column,
          })}
          confirmLabel={t('management.data.delete')}
          danger
          pending={remove.isPending}
          failed={remove.isError}
          onConfirm={() =>
            remove.mutate({ sourceName, id: removing.id }, { onSuccess: () => setRemoving(null) })
          }
          onClose={() => setRemoving(null)}
        >
          {t('management.data.rowRules.removeText')}
        </ConfirmDialog>
      )}
    </Stack>
  );
}

type RowRuleDialogProps = {
  sourceName: string;
  kind: DataSourceKind;
  rule: RowRule | null;
  onClose: () => void;
};

/** Add or change a rule: the table and column from the source's schema, the attribute, the administrators' bypass. */
export function RowRuleDialog({ sourceName, kind, rule, onClose }: RowRuleDialogProps) {
  const { t } = useTranslation();
  const schema = useSourceSchema(sourceName);
  const save = useSaveRowRule();
  const uploads = kind === 'uploads';
  const keyOf = (tableSchema: string | null, table: string) =>
    JSON.stringify([uploads ? null : tableSchema, table]);
  const [tableKey, setTableKey] = useState<string | null>(rule ? keyOf(rule.schema, rule.table) : null);
  const [column, setColumn] = useState<string | null>(rule?.column ?? null);
  const [attribute, setAttribute] = useState(rule?.attribute ?? '');
  const [seeAll, setSeeAll] = useState(rule?.administratorsSeeAll ?? false);
  const [submitted, setSubmitted] = useState(false);

  const tables = schema.data?.tables ?? [];
  const tableOptions = tables.map((table) => ({
    value: keyOf(table.schema, table.name),
    label: uploads ? table.name : `${table.schema}.${table.name}`,
  }));
  // A rule on a table the schema no longer lists still shows as chosen.
  if (tableKey && !tableOptions.some((option) => option.value === tableKey) && rule) {
    tableOptions.unshift({ value: tableKey, label: tableLabel(rule) });
  }
  const [chosenSchema, chosenTable] = tableKey
    ? (JSON.parse(tableKey) as [string | null, string])
    : [null, null];
  const chosen = tables.find((table) => keyOf(table.schema, table.name) === tableKey);
  const columnOptions = (chosen?.columns ?? []).map((candidate) => candidate.name);
  if (column && !columnOptions.includes(column)) columnOptions.unshift(column);

  const body = {
    schema: chosenSchema,
    table: chosenTable ?? '',
    column: column ?? '',
    attribute: attribute.trim(),
    administratorsSeeAll: seeAll,
  };
  const parsed = rowRuleBodySchema.safeParse(body);
  const invalid = new Set(parsed.success ? [] : parsed.error.issues.map((issue) => String(issue.path[0])));
  const errorOf = (field: string, key: string) => (submitted && invalid.has(field) ? t(key) : undefined);

  const failure = save.isError
    ? {
        message:
          isApiRequestError(save.error) && save.error.status === 409
            ? t('management.data.rowRules.taken')
            : isApiRequestError(save.error) && save.error.status === 400
              ? t('management.data.rowRules.notInSource')
              : t('management.errors.saveFailed'),
      }
    : null;

  return (
    <FormDialog
      onClose={onClose}
      title={rule ? t('management.data.rowRules.editTitle') : t('management.data.rowRules.addTitle')}
      size="lg"
      gap="sm"
      onSubmit={() => {
        setSubmitted(true);
        if (!parsed.success) return;
        save.mutate({ sourceName, id: rule?.id ?? null, body }, { onSuccess: onClose });
      }}
      failure={failure}
      pending={save.isPending}
      submitLabel={t('management.save')}
    >
      <Text size="sm" c="dimmed">
        {t('management.data.rowRules.dialogIntro')}
      </Text>
      <Select
        label={t('management.data.rowRules.table')}
        placeholder={schema.isPending ? t('management.data.rowRules.loadingTables') : undefined}
        data={tableOptions}
        value={tableKey}
        onChange={(value) => {
          setTableKey(value);
          setColumn(null);
        }}
        searchable
        required
        nothingFoundMessage={t('management.data.schema.emptyTitle')}
        error={
          schema.isError
            ? t('management.data.schema.failed')
            : errorOf('table', 'management.data.rowRules.tableRequired')
        }
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('management.data.rowRules.column')}
        data={columnOptions}
        value={column}
        onChange={setColumn}
        searchable
        required
        disabled={!tableKey}
        error={errorOf('column', 'management.data.rowRules.columnRequired')}
      />
      <TextInput
        label={t('management.data.rowRules.attribute')}
        description={t('management.data.rowRules.attributeHint')}
        value={attribute}
        onChange={(event) => setAttribute(event.currentTarget.value)}
        required
        ff="monospace"
        error={errorOf('attribute', 'management.data.rowRules.attributeInvalid')}
      />
      <Checkbox
        label={t('management.data.rowRules.seeAllLabel')}
        description={t('management.data.rowRules.seeAllHint')}
        checked={seeAll}
        onChange={(event) => setSeeAll(event.currentTarget.checked)}
      />
    </FormDialog>
  );
}
