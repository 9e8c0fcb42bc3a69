import { Alert, Button, Code, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPlugConnected, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataSourceKind, UnsavedDataSourceTestBody } from '@cockpit/contracts';
import { getSourceSchemaQueryOptions } from '../api/get-source-schema';
import { useTestDataSource } from '../api/test-data-source';
import { serverErrorMessage } from '../../../lib/server-error';
import { dataSourceErrorTexts } from '../utils/labels';

/**
 * The read-only account of the README's "Connect your data" section, for the source's dialect: shown
 * when the test finds that the account itself could write (the runs are read-only anyway, decision 027;
 * the account is the second wall).
 */
const readOnlyRecipes: Record<Exclude<DataSourceKind, 'uploads'>, string> = {
  postgres: [
    "CREATE ROLE cockpit_reader LOGIN PASSWORD '…';",
    'GRANT CONNECT ON DATABASE <database> TO cockpit_reader;',
    'GRANT USAGE ON SCHEMA public TO cockpit_reader;',
    'GRANT SELECT ON ALL TABLES IN SCHEMA public TO cockpit_reader;',
    'ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO cockpit_reader;',
  ].join('\n'),
  mysql: [
    "CREATE USER 'cockpit_reader'@'%' IDENTIFIED BY '…';",
    "GRANT SELECT ON <database>.* TO 'cockpit_reader'@'%';",
  ].join('\n'),
};

type ConnectionTestProps = {
  kind: Exclude<DataSourceKind, 'uploads'>;
} & (
  | { name: string; unsaved?: never }
  | {
      name?: never;
      /** The add-source form's connection as it is now; null while a field the test needs is empty. */
      unsaved: UnsavedDataSourceTestBody | null;
    }
);

/**
 * "Test connection" (decision 027): connects, proves that the session refuses writes, and says whether
 * the account itself could write; a failure shows the database's own message, an account refused for
 * its privileges (decision 041) names them beside the read-only recipe.
 */
export function ConnectionTest({ name, kind, unsaved }: ConnectionTestProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const test = useTestDataSource();
  const result = test.data;
  // Privileges the server refused the account for (decision 041): named as the database names them.
  const refused = (result && !result.ok && result.refusedPrivileges) || [];

  function run() {
    if (name === undefined) {
      // Nothing is saved yet (decision 045): the connection as entered, tested like a stored one.
      if (unsaved) test.mutate({ unsaved });
      return;
    }
    test.mutate(
      { name },
      {
        onSuccess: (answer) => {
          // The test read the tables too: the schema browser and the editor need not ask again.
          if (answer.schema)
            queryClient.setQueryData(getSourceSchemaQueryOptions(name).queryKey, answer.schema);
        },
      },
    );
  }

  return (
    <Stack gap="sm" aria-live="polite">
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconPlugConnected size={16} aria-hidden="true" />}
          loading={test.isPending}
          onClick={run}
          disabled={name === undefined && unsaved === null}
          aria-describedby={name === undefined ? 'connection-test-hint' : undefined}
        >
          {t('management.data.test.run')}
        </Button>
        {name === undefined && (
          <Text size="xs" c="dimmed" id="connection-test-hint">
            {unsaved ? t('management.data.test.unsavedHint') : t('management.data.test.incomplete')}
          </Text>
        )}
      </Group>
      {test.isError && (
        <Alert color="red" role="alert" icon={<IconX aria-hidden="true" />}>
          {serverErrorMessage(t, test.error, dataSourceErrorTexts)}
        </Alert>
      )}
      {refused.length > 0 && (
        <Alert
          color="red"
          role="alert"
          title={t('management.data.test.refusedTitle')}
          icon={<IconX aria-hidden="true" />}
          data-testid="account-refused"
        >
          <Stack gap="xs">
            <Text size="sm">{t('management.data.test.refusedText', { privileges: refused.join(', ') })}</Text>
            <Code block>{readOnlyRecipes[kind]}</Code>
          </Stack>
        </Alert>
      )}
      {result && !result.ok && refused.length === 0 && (
        <Alert
          color="red"
          role="alert"
          title={t('management.data.test.failed')}
          icon={<IconX aria-hidden="true" />}
        >
          <Text size="sm" ff="monospace" data-testid="test-message">
            {result.message ?? t('management.data.test.noMessage')}
          </Text>
        </Alert>
      )}
      {result?.ok && (
        <Alert
          color="green"
          title={t('management.data.test.succeeded')}
          icon={<IconCircleCheck aria-hidden="true" />}
        >
          <List size="sm" spacing={2}>
            <List.Item>{t('management.data.test.milliseconds', { count: result.milliseconds })}</List.Item>
            {result.serverVersion && (
              <List.Item>
                {t('management.data.test.serverVersion', { version: result.serverVersion })}
              </List.Item>
            )}
            <List.Item>
              {result.readOnlySession
                ? t('management.data.test.readOnlyProven')
                : t('management.data.test.readOnlyNotProven')}
            </List.Item>
          </List>
        </Alert>
      )}
      {result?.ok && result.accountCanWrite && (
        <Alert
          color="orange"
          title={t('management.data.test.accountCanWrite')}
          icon={<IconAlertTriangle aria-hidden="true" />}
          data-testid="account-can-write"
        >
          <Stack gap="xs">
            <Text size="sm">{t('management.data.test.recipe')}</Text>
            <Code block>{readOnlyRecipes[kind]}</Code>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
