import { useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryTable } from '../../../components/ui/query-table';
import { useDefinitions } from '../api/get-definitions';
import { visualLabelKeys } from '../utils/labels';
import { DeleteDefinitionDialog } from './delete-dialogs';

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
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} size="h3" id="definitions-title">
            {t('management.data.definitions.title')}
          </Title>
          <Text size="sm" c="dimmed" maw={640}>
            {t('management.data.definitions.intro')}
          </Text>
        </Stack>
        <Button component={Link} to={newDefinitionHref} leftSection={<IconPlus size={16} aria-hidden="true" />}>
          {t('management.data.definitions.add')}
        </Button>
      </Group>
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
              <Text size="sm">{definition.visuals.map((visual) => t(visualLabelKeys[visual.type])).join(', ') || '—'}</Text>
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
                <Tooltip label={t('management.data.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('management.data.deleteNamed', { name: definition.name })}
                    onClick={() => setDeleting(definition.name)}
                  >
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {deleting && <DeleteDefinitionDialog name={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
