import { useRecipientCandidates } from '../../../lib/managed-users';
import { lazy, Suspense, useState } from 'react';
import {
  Anchor,
  Button,
  Grid,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type {
  CatalogueReportDefinition,
  DefinitionPreviewResponse,
  ManagedDataSource,
  ManagedDataSourcesResponse,
  ParameterValues,
  SourceSchemaResponse,
} from '@cockpit/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormActions } from '../../../components/ui/form-actions';
import { PlaceholderTile } from '../../../components/ui/placeholder-tile';
import { QueryContent } from '../../../components/ui/query-table';
import { useFormCheck } from '../../../lib/form-check';
import { showToast } from '../../../lib/toast';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { useDefinitions } from '../api/get-definitions';
import { usePreviewDefinition } from '../api/preview-definition';
import { useSaveDefinition } from '../api/save-definition';
import {
  definitionBodyOf,
  definitionFormCheck,
  definitionFormOf,
  emptyDefinitionForm,
  parametersInSql,
  type DefinitionFormValues,
} from '../utils/definition-form';
import { localisedText } from '../../../lib/localised-text';
import { serverErrorMessage } from '../../../lib/server-error';
import { definitionErrorTexts } from '../utils/definition-labels';
import { ColumnFields } from './column-fields';
import { ParameterFields } from '../../../components/parameters/parameter-fields';
import { PreviewResult } from './preview-result';
import { ParameterBar } from '../../../components/parameters/parameter-bar';
import { VisualFields } from './visual-fields';
import { DataNameInput } from '../../../components/ui/data-name-input';
import { SchemaPanel } from './schema-panel';
import { useLiveVisuals } from '../utils/live-visuals';
import { columnsInSql } from '../utils/sql-columns';

// The SQL editor (CodeMirror and its SQL language) is a chunk of its own, loaded with this page only
// (decision 011: the shell and the other management pages never download it).
const SqlEditor = lazy(() => import('./sql-editor'));

/**
 * What the editor reads of the data sources: the data-sources feature's queries, passed in by the page
 * (features stay apart; the data sources' endpoints are theirs).
 */
export type EditorDataSources = {
  /** The organisation's data sources, to choose the one the SQL runs on. */
  useSources: () => UseQueryResult<ManagedDataSourcesResponse>;
  /** A source's tables and columns for the SQL completion; `null`: no source chosen, nothing is asked. */
  useSchema: (name: string | null) => UseQueryResult<SourceSchemaResponse>;
};

type DefinitionEditorProps = {
  /** The definition to change, or null for a new one. */
  name: string | null;
  dataHref: string;
  definitionHref: (name: string) => string;
  dataSources: EditorDataSources;
};

/**
 * A report definition's editor (decision 027): name, data source, the SQL with completion of the
 * source's tables and columns, the parameters the SQL names, columns, visuals and cache time; "Preview"
 * runs the unsaved definition on the real source (as a chosen user too).
 */
export function DefinitionEditor({ name, dataHref, definitionHref, dataSources }: DefinitionEditorProps) {
  const { t } = useTranslation();
  const sources = dataSources.useSources();
  const definitions = useDefinitions();
  return (
    <QueryContent query={sources}>
      {(sourceList) =>
        name === null ? (
          <EditorForm
            original={null}
            sources={sourceList.items}
            useSchema={dataSources.useSchema}
            dataHref={dataHref}
            definitionHref={definitionHref}
          />
        ) : (
          <QueryContent query={definitions}>
            {(definitionList) => {
              const definition = definitionList.items.find((candidate) => candidate.name === name);
              if (!definition) {
                return (
                  <PlaceholderTile
                    icon="search"
                    headline={t('management.data.definition.notFoundTitle')}
                    text={t('management.data.definition.notFoundText', { name })}
                  >
                    <Button component={Link} to={dataHref} variant="light">
                      {t('management.data.backToData')}
                    </Button>
                  </PlaceholderTile>
                );
              }
              return (
                <EditorForm
                  key={definition.name}
                  original={definition}
                  sources={sourceList.items}
                  useSchema={dataSources.useSchema}
                  dataHref={dataHref}
                  definitionHref={definitionHref}
                />
              );
            }}
          </QueryContent>
        )
      }
    </QueryContent>
  );
}

type EditorFormProps = {
  original: CatalogueReportDefinition | null;
  sources: ManagedDataSource[];
  useSchema: EditorDataSources['useSchema'];
  dataHref: string;
  definitionHref: (name: string) => string;
};

type ErrorAt = { position: number; revision: number; focus: boolean };

/** The last run of the SQL: the statement as it ran and why it failed (null: it ran). */
type LastRun = { sql: string; failure: string | null };

/**
 * Why saving asks first (decision 045): the statement's last preview failed, or it has not run since the
 * SQL changed (a stored definition's unchanged SQL counts as run). Null: it ran.
 */
export function unrunReason(
  sql: string,
  lastRun: LastRun | null,
  storedSql: string | null,
): { failure: string } | 'never-run' | null {
  if (lastRun && lastRun.sql === sql) return lastRun.failure === null ? null : { failure: lastRun.failure };
  if (storedSql !== null && storedSql === sql) return null;
  return 'never-run';
}

function EditorForm({ original, sources, useSchema, dataHref, definitionHref }: EditorFormProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const navigate = useNavigate();
  const [values, setValues] = useState<DefinitionFormValues>(() =>
    original
      ? definitionFormOf(original)
      : emptyDefinitionForm(sources.length === 1 ? (sources[0]?.name ?? null) : null),
  );
  const check = useFormCheck(definitionFormCheck, values);
  const save = useSaveDefinition();
  const preview = usePreviewDefinition();
  const [previewed, setPreviewed] = useState<{ sql: string; answer: DefinitionPreviewResponse } | null>(null);
  const [lastRun, setLastRun] = useState<LastRun | null>(null);
  const [confirmSave, setConfirmSave] = useState<{ failure: string } | 'never-run' | null>(null);
  const [insertion, setInsertion] = useState<{ text: string; revision: number } | null>(null);
  /** The parameter values the preview runs with; what is not set here takes its default. */
  const [previewValues, setPreviewValues] = useState<ParameterValues>({});
  const [errorAt, setErrorAt] = useState<ErrorAt | null>(null);
  const [asUser, setAsUser] = useState<string | null>(null);
  const [userSearch, setUserSearch] = useState('');
  // "Preview as" offers the organisation's users: the same list, key and request as the users screen.
  const users = useRecipientCandidates(userSearch, { enabled: true, pageSize: 20 });
  const source = sources.find((candidate) => candidate.name === values.source) ?? null;
  const schema = useSchema(source && !source.needsPassword ? source.name : null);
  const set = <Key extends keyof DefinitionFormValues>(key: Key, value: DefinitionFormValues[Key]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const parameters = parametersInSql(values);
  const resultColumns = previewed?.answer.resultColumns ?? [];
  // Before any preview returned columns, the SQL's own select list is offered (decision 045).
  const sqlColumns = resultColumns.length === 0 ? columnsInSql(values.sql, source?.kind ?? 'postgres') : [];
  const columnNames = [
    ...new Set([
      ...values.columns.map((column) => column.name).filter(Boolean),
      ...resultColumns.map((column) => column.name),
      ...sqlColumns,
    ]),
  ];
  // The preview's visuals follow the form at once, drawn from the last preview's rows (decision 045).
  const live = useLiveVisuals(previewed?.answer ?? null, values, language);

  function runPreview(withValues: ParameterValues = previewValues) {
    if (!values.source || values.sql.trim() === '') return;
    const sql = values.sql;
    // An unsaved new definition has no name yet: the preview needs one that passes the rules.
    const definition = { ...definitionBodyOf(values), name: values.name.trim() || 'preview' };
    // Only values of parameters the SQL still uses: a removed one would be refused.
    const inSql = new Set(parameters.map((parameter) => parameter.name));
    const declared = Object.fromEntries(Object.entries(withValues).filter(([name]) => inSql.has(name)));
    preview.mutate(
      { definition, values: declared, asUserId: asUser ?? undefined },
      {
        onSuccess: (answer) => {
          setPreviewed({ sql, answer });
          setLastRun({ sql, failure: answer.error?.message ?? null });
          const position = answer.error?.position;
          if (position != null)
            setErrorAt((current) => ({ position, revision: (current?.revision ?? 0) + 1, focus: false }));
        },
        onError: (error) => setLastRun({ sql, failure: serverErrorMessage(t, error, definitionErrorTexts) }),
      },
    );
  }

  function submit() {
    if (!check.validate()) return;
    const reason = unrunReason(values.sql, lastRun, original?.sql ?? null);
    if (reason) setConfirmSave(reason);
    else store();
  }

  function store() {
    setConfirmSave(null);
    save.mutate(
      { original: original?.name ?? null, body: definitionBodyOf(values) },
      {
        onSuccess: (saved) => {
          showToast({ type: 'success', title: t('management.data.definition.saved'), message: saved.name });
          if (!original) void navigate(definitionHref(saved.name), { replace: true });
        },
      },
    );
  }

  const sqlInvalid = check.error('sql', t('management.data.errors.sql'));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="lg">
        <Stack gap={2}>
          <Anchor component={Link} to={dataHref} size="sm">
            {t('management.data.backToData')}
          </Anchor>
          <Title order={2} size="h3">
            {original ? original.name : t('management.data.definition.newTitle')}
          </Title>
        </Stack>

        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <DataNameInput
              value={values.name}
              onChange={(name) => set('name', name)}
              error={check.error('name', t('management.data.errors.name'))}
              disabled={original !== null}
            />
            <Select
              label={t('management.data.definition.source')}
              data={sources.map((candidate) => ({
                value: candidate.name,
                label: `${localisedText(candidate.title, language)} (${candidate.name})`,
              }))}
              value={values.source}
              onChange={(value) => set('source', value)}
              error={check.error('source', t('management.data.errors.source'))}
              required
              searchable
              nothingFoundMessage={t('management.data.definition.noSources')}
            />
            <NumberInput
              label={t('management.data.definition.cacheSeconds')}
              description={t('management.data.definition.cacheHint')}
              value={values.cacheSeconds}
              onChange={(value) => set('cacheSeconds', typeof value === 'number' ? value : '')}
              error={check.error('cacheSeconds', t('management.data.errors.cacheSeconds'))}
              min={0}
              max={86_400}
              allowDecimal={false}
            />
          </SimpleGrid>
        </Paper>

        <Stack gap="xs" component="section" aria-labelledby="sql-title">
          <Title order={3} size="h4" id="sql-title">
            {t('management.data.definition.sql')}
          </Title>
          <Text size="sm" c="dimmed" id="sql-hint">
            {t('management.data.definition.sqlHint', templateExamples)}
          </Text>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Paper
                withBorder
                radius="md"
                style={{
                  overflow: 'hidden',
                  borderColor: sqlInvalid ? 'var(--mantine-color-error)' : undefined,
                }}
              >
                <Suspense
                  fallback={
                    <Group justify="center" p="xl">
                      <Loader size="sm" aria-label={t('common.loading')} />
                    </Group>
                  }
                >
                  <SqlEditor
                    value={values.sql}
                    onChange={(sql) => set('sql', sql)}
                    kind={source?.kind ?? 'postgres'}
                    tables={schema.data?.tables ?? noTables}
                    label={t('management.data.definition.sql')}
                    describedBy="sql-hint"
                    errorAt={errorAt}
                    insertion={insertion}
                    onRun={() => runPreview()}
                  />
                </Suspense>
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper withBorder radius="md" p="sm">
                <SchemaPanel
                  schema={source && !source.needsPassword ? schema : null}
                  kind={source?.kind ?? 'postgres'}
                  onInsert={(text) =>
                    setInsertion((current) => ({ text, revision: (current?.revision ?? 0) + 1 }))
                  }
                />
              </Paper>
            </Grid.Col>
          </Grid>
          {sqlInvalid && (
            <Text size="sm" c="red" role="alert">
              {sqlInvalid}
            </Text>
          )}
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="parameters-title">
          <Title order={3} size="h4" id="parameters-title">
            {t('management.data.definition.parameters')}
          </Title>
          {parameters.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('management.data.definition.noParameters')}
            </Text>
          ) : (
            <Text size="sm" c="dimmed" data-testid="detected-parameters">
              {t('management.data.definition.detected', {
                names: parameters.map((parameter) => parameter.name).join(', '),
              })}
            </Text>
          )}
          {parameters.map(({ name, form }, index) => (
            <ParameterFields
              key={name}
              name={name}
              index={index}
              form={form}
              onChange={(next) => set('parameters', { ...values.parameters, [name]: next })}
              check={check}
            />
          ))}
        </Stack>

        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="preview-title">
          <Stack gap="sm">
            <Title order={3} size="h4" id="preview-title">
              {t('management.data.preview.title')}
            </Title>
            <Group align="flex-end" gap="sm">
              <Select
                label={t('management.data.preview.as')}
                placeholder={t('management.data.preview.asMyself')}
                data={(users.data?.items ?? []).map((user) => ({
                  value: user.id,
                  label: `${user.name} <${user.email}>`,
                }))}
                value={asUser}
                onChange={setAsUser}
                searchable
                searchValue={userSearch}
                onSearchChange={setUserSearch}
                clearable
                nothingFoundMessage={t('management.data.preview.noUsers')}
                w={320}
              />
              <Button
                variant="light"
                leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
                loading={preview.isPending}
                onClick={() => runPreview()}
                disabled={!values.source || values.sql.trim() === ''}
              >
                {t('management.data.preview.run')}
              </Button>
              <Text size="xs" c="dimmed" mb={8}>
                {t('management.data.preview.runHint')}
              </Text>
            </Group>
            <div aria-live="polite">
              {preview.isError && (
                <Text size="sm" c="red" role="alert">
                  {serverErrorMessage(t, preview.error, definitionErrorTexts)}
                </Text>
              )}
              {previewed && previewed.answer.parameters.length > 0 && (
                <ParameterBar
                  parameters={previewed.answer.parameters}
                  onChange={(name, value) => {
                    const next = { ...previewValues, [name]: value };
                    setPreviewValues(next);
                    runPreview(next);
                  }}
                />
              )}
              {previewed && !preview.isError && (
                <PreviewResult
                  preview={previewed.answer}
                  data={live.data}
                  misfits={live.misfits}
                  stale={previewed.sql !== values.sql}
                  sql={previewed.sql}
                  onShowError={(position) =>
                    setErrorAt((current) => ({
                      position,
                      revision: (current?.revision ?? 0) + 1,
                      focus: true,
                    }))
                  }
                />
              )}
            </div>
          </Stack>
        </Paper>

        <Stack gap="sm" component="section" aria-labelledby="columns-title">
          <Title order={3} size="h4" id="columns-title">
            {t('management.data.definition.columns')}
          </Title>
          <ColumnFields
            columns={values.columns}
            onChange={(columns) => set('columns', columns)}
            resultColumns={resultColumns}
            check={check}
          />
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="visuals-title">
          <Title order={3} size="h4" id="visuals-title">
            {t('management.data.definition.visuals')}
          </Title>
          <VisualFields
            visuals={values.visuals}
            onChange={(visuals) => set('visuals', visuals)}
            columnNames={columnNames}
            dateRanges={parameters.filter(({ form }) => form.type === 'date-range').map(({ name }) => name)}
            check={check}
          />
          {sqlColumns.length > 0 && (
            <Text size="xs" c="dimmed">
              {t('management.data.visual.fromSql')}
            </Text>
          )}
        </Stack>

        <Paper withBorder p="md" radius="md">
          {check.invalid.size > 0 && (
            <Text size="sm" c="red" mb="xs" role="alert">
              {t('management.data.errors.checkFields')}
            </Text>
          )}
          <SaveActions
            pending={save.isPending}
            failure={save.isError ? serverErrorMessage(t, save.error, definitionErrorTexts) : null}
            onCancel={() => void navigate(dataHref)}
          />
        </Paper>
      </Stack>
      {confirmSave !== null && (
        <ConfirmDialog
          title={t('management.data.confirmSave.title')}
          confirmLabel={t('management.data.confirmSave.save')}
          pending={save.isPending}
          failed={false}
          onConfirm={store}
          onClose={() => setConfirmSave(null)}
        >
          <span data-testid="confirm-save-reason">
            {confirmSave === 'never-run'
              ? t('management.data.confirmSave.neverRun')
              : t('management.data.confirmSave.failed', { message: confirmSave.failure })}
          </span>{' '}
          {t('management.data.confirmSave.consequence')}
        </ConfirmDialog>
      )}
    </form>
  );
}

const noTables: [] = [];

/** The template's notation (decision 027), passed as values so that the translation does not read it as its own. */
const templateExamples = {
  parameter: '{{region}}',
  rangeFrom: '{{range.from}}',
  rangeTo: '{{range.to}}',
  user: '{{user.email}}',
  optional: '[[ … ]]',
};

function SaveActions({
  pending,
  failure,
  onCancel,
}: {
  pending: boolean;
  failure: string | null;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormActions
      pending={pending}
      failure={failure ? { message: failure } : null}
      onCancel={onCancel}
      submitLabel={t('management.data.save')}
    />
  );
}
