import { useState } from 'react';
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryTable } from '../../../components/ui/query-table';
import { useDefinitions } from '../api/get-definitions';
import { visualLabelKeys } from '../utils/definition-labels';
import { ListHeading, RowButton } from '../../../components/ui/list-row-buttons';
import { DeleteDefinitionDialog } from './delete-definition-dialog';

type DefinitionsListProps = {
  definitionHref: (name: string) => string;
  sourceHref: (name: string) => string;
  newDefinitionHref: string;
};

/** Management → Data: the report definitions (decision 027) — name, source, parameters, visuals, cache time. */
export function DefinitionsList({ definitionHref, sourceHref, newDefinitionHref }: DefinitionsListProps) {
  const { t } = useTranslation();
  const definitions = useDefinitions();
  const [deleting, setDeleting] = useState<string | null>(null);

  return (
    <Stack gap="sm" component="section" aria-labelledby="definitions-title">
      <ListHeading
        id="definitions-title"
        title={t('management.data.definitions.title')}
        intro={t('management.data.definitions.intro')}
        action={
          <Button
            component={Link}
            to={newDefinitionHref}
            leftSection={<IconPlus size={16} aria-hidden="true" />}
          >
            {t('management.data.definitions.add')}
          </Button>
        }
      />
      <QueryTable
        query={definitions}
        items={(data) => data.items}
        empty={{
          icon: 'search',
          headline: t('management.data.definitions.emptyTitle'),
          text: t('management.data.definitions.emptyText'),
        }}
        columns={[
          t('management.data.definitions.name'),
          t('management.data.definitions.source'),
          t('management.data.definitions.parameters'),
          t('management.data.definitions.visuals'),
          t('management.data.definitions.cache'),
          { label: t('management.data.actions'), hidden: true },
        ]}
        minWidth={720}
        data-testid="definitions-table"
        renderRow={(definition) => (
          <Table.Tr key={definition.name} data-testid="definition-row">
            <Table.Td>
              <Anchor component={Link} to={definitionHref(definition.name)} ff="monospace" fw={500}>
                {definition.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Anchor component={Link} to={sourceHref(definition.source)} size="sm" ff="monospace">
                {definition.source}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {definition.parameters.map((parameter) => parameter.name).join(', ') || '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {definition.visuals.map((visual) => t(visualLabelKeys[visual.type])).join(', ') || '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {definition.cacheSeconds === 0
                  ? t('management.data.definitions.noCache')
                  : t('management.data.definitions.seconds', { count: definition.cacheSeconds })}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group justify="flex-end">
                <RowButton
                  kind="delete"
                  name={definition.name}
                  onClick={() => setDeleting(definition.name)}
                />
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {deleting && <DeleteDefinitionDialog name={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
