import { useState } from 'react';
import {
  Alert,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  dataSourceKinds,
  dataSourceMaxRowLimit,
  dataSourceTlsModes,
  type ManagedDataSource,
} from '@cockpit/contracts';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useFormCheck } from '../../../lib/form-check';
import { useSaveDataSource } from '../api/save-data-source';
import {
  dataSourceBodyOf,
  dataSourceFormCheck,
  dataSourceFormOf,
  emptyDataSourceForm,
  identityChanged,
  passwordRequired,
  tlsWeakened,
  withKind,
  type DataSourceFormValues,
} from '../utils/data-source-form';
import { dataSourceErrorTexts, kindLabelKeys, tlsLabelKeys } from '../utils/labels';
import { serverErrorMessage } from '../../../lib/server-error';
import { LocalisedInputs } from '../../../components/ui/localised-inputs';
import { DataNameInput } from '../../../components/ui/data-name-input';
import { monoInput } from '../../../components/ui/mono-input';
import { ConnectionTest } from './connection-test';

type DataSourceDialogProps = {
  /** The source to change, or null for a new one. */
  source: ManagedDataSource | null;
  onClose: () => void;
  onSaved?: (source: ManagedDataSource) => void;
};

/** Every organisation has its uploaded tables already (`uploads`); only databases are added. */
const databaseKinds = dataSourceKinds.filter((kind) => kind !== 'uploads');

const numberOrEmpty = (value: string | number): number | '' => (typeof value === 'number' ? value : '');

/**
 * Add or change a data source (decision 027): PostgreSQL or MySQL/MariaDB with its connection and
 * password, or the organisation's uploaded tables. The password is write-only: it is never shown, and an
 * empty field keeps the stored one — unless host, port, database or user change, which need it again.
 */
export function DataSourceDialog({ source, onClose, onSaved }: DataSourceDialogProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<DataSourceFormValues>(() =>
    source ? dataSourceFormOf(source) : emptyDataSourceForm(),
  );
  const [checkSchema] = useState(() => dataSourceFormCheck(source));
  const check = useFormCheck(checkSchema, values);
  const save = useSaveDataSource();
  const set = <Key extends keyof DataSourceFormValues>(key: Key, value: DataSourceFormValues[Key]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const isDatabase = values.kind !== 'uploads';
  const needsPassword = passwordRequired(values, source);
  const passwordHint = !source
    ? t('management.data.source.passwordNew')
    : source.needsPassword
      ? t('management.data.source.passwordMissing')
      : identityChanged(values, source)
        ? t('management.data.source.passwordAgain')
        : tlsWeakened(values, source)
          ? t('management.data.source.passwordAgainTls')
          : t('management.data.source.passwordKeep');

  // "Test connection" before anything is saved (decision 045): the connection and password as entered.
  const body = dataSourceBodyOf(values);
  const unsavedTest =
    body.kind !== 'uploads' &&
    body.connection &&
    body.password &&
    body.connection.host &&
    body.connection.database &&
    body.connection.user &&
    body.connection.port > 0
      ? { kind: body.kind, connection: body.connection, password: body.password }
      : null;

  function submit() {
    if (!check.validate()) return;
    save.mutate(
      { original: source?.name ?? null, body: dataSourceBodyOf(values) },
      {
        onSuccess: (saved) => {
          onSaved?.(saved);
          onClose();
        },
      },
    );
  }

  return (
    <FormDialog
      title={
        source
          ? t('management.data.source.editTitle', { name: source.name })
          : t('management.data.source.newTitle')
      }
      size="xl"
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel={t('management.data.save')}
      failure={save.isError ? { message: serverErrorMessage(t, save.error, dataSourceErrorTexts) } : null}
    >
      <LocalisedInputs
        label={t('management.data.fields.title')}
        values={values.title}
        onChange={(title) => set('title', title)}
        englishError={check.error('title.en', t('management.data.errors.title'))}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DataNameInput
          value={values.name}
          onChange={(name) => set('name', name)}
          error={check.error('name', t('management.data.errors.name'))}
          disabled={source !== null}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="data-source-kind-label">
            {t('management.data.fields.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="data-source-kind-label"
            value={values.kind}
            onChange={(kind) => setValues((current) => withKind(current, kind))}
            // The kind of a stored source does not change (its definitions are written in its dialect).
            disabled={source !== null}
            data={(source?.kind === 'uploads' ? dataSourceKinds : databaseKinds).map((kind) => ({
              value: kind,
              label: t(kindLabelKeys[kind]),
            }))}
          />
        </Stack>
      </SimpleGrid>

      {isDatabase ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label={t('management.data.fields.host')}
              value={values.host}
              onChange={(event) => set('host', event.currentTarget.value)}
              error={check.error('connection.host', t('management.data.errors.host'))}
              required
              autoComplete="off"
            />
            <NumberInput
              label={t('management.data.fields.port')}
              value={values.port}
              onChange={(value) => set('port', numberOrEmpty(value))}
              error={check.error('connection.port', t('management.data.errors.port'))}
              min={1}
              max={65_535}
              allowDecimal={false}
              required
            />
            <TextInput
              label={t('management.data.fields.database')}
              value={values.database}
              onChange={(event) => set('database', event.currentTarget.value)}
              error={check.error('connection.database', t('management.data.errors.required'))}
              required
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('management.data.fields.user')}
              value={values.user}
              onChange={(event) => set('user', event.currentTarget.value)}
              error={check.error('connection.user', t('management.data.errors.required'))}
              required
              autoComplete="off"
            />
            <PasswordInput
              label={t('management.data.fields.password')}
              description={passwordHint}
              value={values.password}
              onChange={(event) => set('password', event.currentTarget.value)}
              error={check.error('password', t('management.data.errors.password'))}
              required={needsPassword}
              autoComplete="new-password"
              visibilityToggleButtonProps={{ 'aria-label': t('management.data.fields.showPassword') }}
              data-testid="data-source-password"
            />
          </SimpleGrid>
          <Select
            label={t('management.data.fields.tls')}
            data={dataSourceTlsModes.map((mode) => ({ value: mode, label: t(tlsLabelKeys[mode]) }))}
            value={values.tls}
            onChange={(tls) => tls && set('tls', tls)}
            allowDeselect={false}
          />
          {values.tls === 'verify' && (
            <Textarea
              label={t('management.data.fields.caCertificate')}
              description={t('management.data.fields.caCertificateHint')}
              value={values.caCertificate}
              onChange={(event) => set('caCertificate', event.currentTarget.value)}
              error={check.error('connection.caCertificate', t('management.data.errors.caCertificate'))}
              autosize
              minRows={4}
              maxRows={10}
              styles={monoInput}
              required
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NumberInput
              label={t('management.data.fields.poolSize')}
              value={values.poolSize}
              onChange={(value) => set('poolSize', numberOrEmpty(value))}
              error={check.error('connection.poolSize', t('management.data.errors.poolSize'))}
              min={1}
              max={50}
              allowDecimal={false}
            />
            <NumberInput
              label={t('management.data.fields.statementTimeout')}
              value={values.statementTimeoutSeconds}
              onChange={(value) => set('statementTimeoutSeconds', numberOrEmpty(value))}
              error={check.error(
                'connection.statementTimeoutSeconds',
                t('management.data.errors.statementTimeout'),
              )}
              min={1}
              max={600}
              allowDecimal={false}
            />
            <NumberInput
              label={t('management.data.fields.rowLimit')}
              value={values.rowLimit}
              onChange={(value) => set('rowLimit', numberOrEmpty(value))}
              error={check.error('connection.rowLimit', t('management.data.errors.rowLimit'))}
              min={1}
              max={dataSourceMaxRowLimit}
              allowDecimal={false}
              thousandSeparator
            />
          </SimpleGrid>
          {values.kind !== 'uploads' && <ConnectionTest kind={values.kind} unsaved={unsavedTest} />}
        </>
      ) : (
        <Alert color="blue" variant="light">
          {t('management.data.source.uploadsIntro')}
        </Alert>
      )}
    </FormDialog>
  );
}
