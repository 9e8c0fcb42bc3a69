import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ManagedDataSource } from '@cockpit/contracts';
import { PlaceholderTile } from '../../../components/ui/placeholder-tile';
import { QueryContent } from '../../../components/ui/query-table';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { useDataSources } from '../api/get-data-sources';
import { kindLabelKeys, tlsLabelKeys } from '../utils/labels';
import { localisedText } from '../../../lib/localised-text';
import { ConnectionTest } from './connection-test';
import { DataSourceDialog } from './data-source-dialog';
import { whereOf } from './data-sources-list';
import { DeleteDataSourceDialog } from './delete-dialogs';
import { RowRulesSection } from './row-rules-section';
import { SchemaBrowser } from './schema-browser';
import { UploadsSection } from './uploads-section';

type DataSourcePageProps = {
  name: string;
  dataHref: string;
  definitionHref: (name: string) => string;
};

/**
 * One data source (decision 027): its connection (never the password), "Test connection", the tables
 * and columns it offers, and for the uploaded tables the uploads. Change and delete from here too.
 */
export function DataSourcePage({ name, dataHref, definitionHref }: DataSourcePageProps) {
  const { t } = useTranslation();
  const sources = useDataSources();
  return (
    <QueryContent query={sources}>
      {(data) => {
        const source = data.items.find((candidate) => candidate.name === name);
        if (!source) {
          return (
            <PlaceholderTile
              icon="search"
              headline={t('management.data.source.notFoundTitle')}
              text={t('management.data.source.notFoundText', { name })}
            >
              <Button component={Link} to={dataHref} variant="light">
                {t('management.data.backToData')}
              </Button>
            </PlaceholderTile>
          );
        }
        return <SourceDetails source={source} dataHref={dataHref} definitionHref={definitionHref} />;
      }}
    </QueryContent>
  );
}

type SourceDetailsProps = {
  source: ManagedDataSource;
  dataHref: string;
  definitionHref: (name: string) => string;
};

function SourceDetails({ source, dataHref, definitionHref }: SourceDetailsProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const connection = source.connection;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Anchor component={Link} to={dataHref} size="sm">
            {t('management.data.backToData')}
          </Anchor>
          <Title order={2} size="h3">
            {localisedText(source.title, language)}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed" ff="monospace">
              {source.name}
            </Text>
            <Badge variant="light">{t(kindLabelKeys[source.kind])}</Badge>
            {source.needsPassword && (
              <Badge color="orange" variant="light">
                {t('management.data.sources.needsPassword')}
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden="true" />}
            onClick={() => setEditing(true)}
          >
            {t('management.data.edit')}
          </Button>
          {/* The uploaded tables belong to every organisation: they are emptied, not removed. */}
          {source.kind !== 'uploads' && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => setDeleting(true)}
            >
              {t('management.data.delete')}
            </Button>
          )}
        </Group>
      </Group>

      {source.needsPassword && (
        <Alert color="orange" icon={<IconAlertTriangle aria-hidden="true" />}>
          {t('management.data.source.needsPasswordText')}
        </Alert>
      )}

      {connection && (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="connection-title">
          <Title order={3} size="h4" mb="sm" id="connection-title">
            {t('management.data.source.connection')}
          </Title>
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" m={0}>
            <Fact label={t('management.data.sources.where')} value={whereOf(source) ?? ''} mono />
            <Fact label={t('management.data.fields.user')} value={connection.user} mono />
            <Fact label={t('management.data.fields.tls')} value={t(tlsLabelKeys[connection.tls])} />
            <Fact label={t('management.data.fields.poolSize')} value={String(connection.poolSize)} />
            <Fact
              label={t('management.data.fields.statementTimeout')}
              value={t('management.data.definitions.seconds', { count: connection.statementTimeoutSeconds })}
            />
            <Fact
              label={t('management.data.fields.rowLimit')}
              value={connection.rowLimit.toLocaleString(language)}
            />
          </SimpleGrid>
          {source.kind !== 'uploads' && !source.needsPassword && (
            <Stack mt="md">
              <ConnectionTest name={source.name} kind={source.kind} />
            </Stack>
          )}
        </Paper>
      )}

      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('management.data.sources.usedBy')}
        </Title>
        {source.definitions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('management.data.sources.unused')}
          </Text>
        ) : (
          <Group gap="sm">
            {source.definitions.map((definition) => (
              <Anchor
                key={definition}
                component={Link}
                to={definitionHref(definition)}
                ff="monospace"
                size="sm"
              >
                {definition}
              </Anchor>
            ))}
          </Group>
        )}
      </Stack>

      {source.kind === 'uploads' && <UploadsSection sourceName={source.name} />}

      {/* Row rules (decision 044): picked from the tables below, so only where they can be read. */}
      {!source.needsPassword && <RowRulesSection sourceName={source.name} kind={source.kind} />}

      {!source.needsPassword && (
        <Stack gap="sm" component="section" aria-labelledby="schema-title">
          <Title order={3} size="h4" id="schema-title">
            {t('management.data.schema.title')}
          </Title>
          <SchemaBrowser name={source.name} />
        </Stack>
      )}

      {editing && <DataSourceDialog source={source} onClose={() => setEditing(false)} />}
      {deleting && (
        <DeleteDataSourceDialog
          name={source.name}
          definitions={source.definitions}
          onClose={() => setDeleting(false)}
          onDeleted={() => void navigate(dataHref)}
        />
      )}
    </Stack>
  );
}

function Fact({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} ff={mono ? 'monospace' : undefined}>
        {value}
      </Text>
    </div>
  );
}
