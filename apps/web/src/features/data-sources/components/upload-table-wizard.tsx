import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Loader,
  NumberInput,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  type UploadColumn,
  type UploadPreviewResponse,
  type UploadResult,
  uploadColumnTypes,
} from '@cockpit/contracts';
import { previewUpload, useUploadTable } from '../api/upload-file';
import { isApiRequestError } from '../../../lib/api-client';
import {
  badValueOf,
  separatorLabelKeys,
  uploadErrorText,
  uploadFormatLabelKeys,
  uploadTypeLabelKeys,
} from './upload-labels';

type UploadTableWizardProps = {
  /** The `uploads` data source the table goes into. */
  sourceName: string;
  /** After an import: what it imported (the table list refreshes by itself). */
  onDone?: (result: UploadResult) => void;
};

/** SQL names of uploaded tables (contracts `uploadTableNameSchema`). */
const tableNamePattern = /^[a-z][a-z0-9_]{0,62}$/;
/** On a phone the choices wrap their text rather than run past the card (e.g. "1.234,56 · 31.12.2026"). */
const narrowSegments = { root: { maxWidth: '100%' }, label: { whiteSpace: 'normal' } } as const;

/** Where an error is shown: at the column or the rows-to-skip field that caused it, else by the buttons. */
type Failure = { text: string; at: { column: number } | 'layout' | 'file' | 'import' };

type Layout = { skipRows: number; headerRow: boolean };

type Step =
  | { kind: 'choose' }
  | { kind: 'previewing'; file: File; progress: number }
  | { kind: 'preview'; file: File; preview: UploadPreviewResponse }
  | { kind: 'importing'; file: File; preview: UploadPreviewResponse; progress: number };

/**
 * Management → Data → an `uploads` source: a CSV or XLSX file into a table (decision 027). Choose the file;
 * the preview shows its columns with their guessed types (each can be changed), the value style (English
 * or German numbers and dates), the sheet of a workbook, the rows to skip above the header (suggested),
 * whether there is a header, a totals row to leave out, the table's name and replace or append; the
 * import shows the upload's progress and, when a value is bad, its row as the spreadsheet numbers it at
 * the column that holds it (scrolled to and focused) — nothing is imported then.
 */
export function UploadTableWizard({ sourceName, onDone }: UploadTableWizardProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [columns, setColumns] = useState<UploadColumn[]>([]);
  const [table, setTable] = useState('');
  const [mode, setMode] = useState<'replace' | 'append'>('replace');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [done, setDone] = useState<UploadResult | null>(null);
  const [skipRows, setSkipRows] = useState<number | string>(0);
  const [dropTotals, setDropTotals] = useState(false);
  const upload = useUploadTable();
  const columnTypeRefs = useRef<(HTMLInputElement | null)[]>([]);
  const skipRowsRef = useRef<HTMLInputElement | null>(null);
  const importErrorRef = useRef<HTMLDivElement | null>(null);

  const loadPreview = async (
    file: File,
    choice: { sheet?: string | null; valueStyle?: 'en' | 'de'; layout?: Layout } = {},
    previous?: UploadPreviewResponse,
  ) => {
    setFailure(null);
    setDone(null);
    setStep({ kind: 'previewing', file, progress: 0 });
    try {
      const preview = await previewUpload({
        sourceName,
        file,
        sheet: choice.sheet,
        ...(choice.valueStyle ? { valueStyle: choice.valueStyle } : {}),
        ...(choice.layout ?? {}),
        onProgress: (progress) => setStep({ kind: 'previewing', file, progress }),
      });
      setColumns(preview.columns);
      setSkipRows(preview.skipRows);
      setDropTotals(preview.totalsRow !== null);
      // A new file suggests its own name; a new sheet, style or layout of the same file keeps the one typed.
      if (!previous) setTable(preview.suggestedTableName);
      setStep({ kind: 'preview', file, preview });
    } catch (error) {
      // A layout the file does not fit (say, more rows skipped than it has) is told at the field; the
      // preview before it stays.
      if (previous && choice.layout) {
        setFailure({ text: uploadErrorText(t, error), at: 'layout' });
        setSkipRows(choice.layout.skipRows);
        setStep({ kind: 'preview', file, preview: previous });
        return;
      }
      setFailure({ text: uploadErrorText(t, error), at: 'file' });
      setStep({ kind: 'choose' });
    }
  };

  // The rows to skip preview again once the author stops typing (or stepping with the arrow keys).
  const pendingSkip =
    step.kind === 'preview' && typeof skipRows === 'number' && skipRows !== step.preview.skipRows;
  useEffect(() => {
    if (step.kind !== 'preview' || typeof skipRows !== 'number' || skipRows === step.preview.skipRows) return;
    // A refused count stays at the field with its error until the author changes it.
    if (failure?.at === 'layout') return;
    const { file, preview } = step;
    const timer = setTimeout(() => {
      void loadPreview(
        file,
        {
          sheet: preview.sheet,
          valueStyle: preview.valueStyle,
          layout: { skipRows, headerRow: preview.headerRow },
        },
        preview,
      );
    }, 400);
    return () => clearTimeout(timer);
    // loadPreview is the same function for the same step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [skipRows, step, failure]);

  // An error is brought into view and focused where it is shown.
  useEffect(() => {
    if (!failure) return;
    const target =
      failure.at === 'layout'
        ? skipRowsRef.current
        : failure.at === 'import'
          ? importErrorRef.current
          : failure.at === 'file'
            ? null
            : (columnTypeRefs.current[failure.at.column] ?? null);
    target?.scrollIntoView?.({ block: 'center' });
    target?.focus();
  }, [failure]);

  /** Where the import's error belongs: the column named by a bad value, else by the Import button. */
  const importFailure = (error: unknown): Failure => {
    // At a column, the error says itself that nothing was imported (the alert's title does elsewhere).
    const text = uploadErrorText(t, error);
    const bad = isApiRequestError(error) && error.status === 400 ? badValueOf(error.detail) : null;
    const column = bad
      ? columns.findIndex((c) => (c.header || c.name) === bad.column || c.name === bad.column)
      : -1;
    if (column >= 0) return { text: `${t('management.data.upload.failed')}. ${text}`, at: { column } };
    return { text, at: 'import' };
  };

  const startImport = (file: File, preview: UploadPreviewResponse) => {
    setFailure(null);
    setStep({ kind: 'importing', file, preview, progress: 0 });
    upload.mutate(
      {
        sourceName,
        file,
        options: {
          table,
          mode,
          valueStyle: preview.valueStyle,
          columns,
          ...(preview.sheet ? { sheet: preview.sheet } : {}),
          skipRows: preview.skipRows,
          headerRow: preview.headerRow,
          dropTotalsRow: preview.totalsRow !== null && dropTotals,
        },
        onProgress: (progress) => setStep({ kind: 'importing', file, preview, progress }),
      },
      {
        onSuccess: (result) => {
          setDone(result);
          setStep({ kind: 'choose' });
          onDone?.(result);
        },
        onError: (error) => {
          setFailure(importFailure(error));
          setStep({ kind: 'preview', file, preview });
        },
      },
    );
  };

  const tableNameValid = tableNamePattern.test(table);
  const columnNames = new Set(columns.map((column) => column.name));

  return (
    <Stack gap="sm" component="section" aria-labelledby="upload-wizard-title" data-testid="upload-wizard">
      <Title order={3} size="h4" id="upload-wizard-title">
        {t('management.data.upload.title')}
      </Title>
      <FileInput
        label={t('management.data.upload.file')}
        description={t('management.data.upload.fileHint')}
        placeholder={t('management.data.upload.choose')}
        // Mantine's placeholder grey is below the contrast WCAG asks of text; the dimmed text colour is not.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        accept=".csv,.tsv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        leftSection={<IconFileUpload size={16} aria-hidden="true" />}
        value={step.kind === 'choose' ? null : step.file}
        disabled={step.kind === 'previewing' || step.kind === 'importing'}
        onChange={(file) => {
          if (file) void loadPreview(file);
          else setStep({ kind: 'choose' });
        }}
        data-testid="upload-file"
      />
      {done && (
        <Alert color="green" variant="light" role="status" data-testid="upload-done">
          {t('management.data.upload.done', {
            table: done.table,
            count: done.rowsImported,
            total: done.rowsTotal,
          })}
        </Alert>
      )}
      {failure?.at === 'file' && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={t('management.data.upload.failed')}
          data-testid="upload-error"
        >
          {failure.text}
        </Alert>
      )}
      {step.kind === 'previewing' && (
        <Group gap="sm">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('management.data.upload.reading')}</Text>
        </Group>
      )}
      {(step.kind === 'preview' || step.kind === 'importing') && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" data-testid="upload-detected">
            {step.preview.fileKind === 'csv'
              ? t('management.data.upload.detectedCsv', {
                  separator: t(
                    separatorLabelKeys[step.preview.separator ?? ''] ??
                      'management.data.upload.separator.comma',
                  ),
                  encoding: step.preview.encoding,
                })
              : t('management.data.upload.detectedXlsx', { count: step.preview.sheets.length })}
          </Text>
          <Group align="flex-end" gap="md" wrap="wrap">
            {step.preview.fileKind === 'xlsx' && (
              <Select
                label={t('management.data.upload.sheet')}
                data={step.preview.sheets}
                value={step.preview.sheet}
                allowDeselect={false}
                disabled={step.kind === 'importing'}
                onChange={(sheet) => {
                  // Another sheet has its own title rows and header: suggested again.
                  if (sheet && sheet !== step.preview.sheet)
                    void loadPreview(step.file, { sheet, valueStyle: step.preview.valueStyle }, step.preview);
                }}
                data-testid="upload-sheet"
              />
            )}
            <Stack gap={4}>
              <Text size="sm" fw={500} id="upload-style-label">
                {t('management.data.upload.valueStyle')}
              </Text>
              <SegmentedControl
                aria-labelledby="upload-style-label"
                value={step.preview.valueStyle}
                disabled={step.kind === 'importing'}
                data={[
                  { value: 'en', label: t('management.data.upload.styleEn') },
                  { value: 'de', label: t('management.data.upload.styleDe') },
                ]}
                onChange={(value) => {
                  const valueStyle = value === 'de' ? 'de' : 'en';
                  if (valueStyle !== step.preview.valueStyle)
                    void loadPreview(
                      step.file,
                      {
                        sheet: step.preview.sheet,
                        valueStyle,
                        layout: { skipRows: step.preview.skipRows, headerRow: step.preview.headerRow },
                      },
                      step.preview,
                    );
                }}
                data-testid="upload-style"
                styles={narrowSegments}
              />
            </Stack>
          </Group>
          <Group align="flex-start" gap="md" wrap="wrap" data-testid="upload-layout">
            <NumberInput
              ref={skipRowsRef}
              label={t('management.data.upload.skipRows')}
              description={t('management.data.upload.skipRowsHint', {
                count: step.preview.suggestedSkipRows,
              })}
              min={0}
              max={1000}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              value={skipRows}
              onChange={(value) => {
                if (failure?.at === 'layout') setFailure(null);
                setSkipRows(value === '' ? '' : Number(value));
              }}
              error={failure?.at === 'layout' ? failure.text : undefined}
              disabled={step.kind === 'importing'}
              w={260}
              rightSection={pendingSkip ? <Loader size="xs" aria-hidden="true" /> : undefined}
              data-testid="upload-skip-rows"
            />
            <Stack gap={4} pt={{ base: 0, sm: 'lg' }}>
              <Checkbox
                label={t('management.data.upload.headerRow')}
                checked={step.preview.headerRow}
                disabled={step.kind === 'importing'}
                onChange={(event) =>
                  void loadPreview(
                    step.file,
                    {
                      sheet: step.preview.sheet,
                      valueStyle: step.preview.valueStyle,
                      layout: { skipRows: step.preview.skipRows, headerRow: event.currentTarget.checked },
                    },
                    step.preview,
                  )
                }
                data-testid="upload-header-row"
              />
              <Text size="xs" c="dimmed" data-testid="upload-header-at">
                {step.preview.headerRowNumber !== null
                  ? t('management.data.upload.headerRowAt', { row: step.preview.headerRowNumber })
                  : t('management.data.upload.noHeaderRow')}
              </Text>
              {step.preview.totalsRow && (
                <Checkbox
                  label={
                    step.preview.totalsRow.label
                      ? t('management.data.upload.dropTotals', {
                          row: step.preview.totalsRow.row,
                          label: step.preview.totalsRow.label,
                        })
                      : t('management.data.upload.dropTotalsSums', { row: step.preview.totalsRow.row })
                  }
                  checked={dropTotals}
                  disabled={step.kind === 'importing'}
                  onChange={(event) => setDropTotals(event.currentTarget.checked)}
                  data-testid="upload-drop-totals"
                />
              )}
            </Stack>
          </Group>
          <Group align="flex-start" gap="md" wrap="wrap">
            <TextInput
              label={t('management.data.upload.table')}
              description={t('management.data.upload.tableHint')}
              value={table}
              onChange={(event) => setTable(event.currentTarget.value.trim())}
              error={table !== '' && !tableNameValid ? t('management.data.upload.tableInvalid') : undefined}
              disabled={step.kind === 'importing'}
              ff="monospace"
              data-testid="upload-table-name"
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="upload-mode-label">
                {t('management.data.upload.mode')}
              </Text>
              <SegmentedControl
                aria-labelledby="upload-mode-label"
                value={mode}
                disabled={step.kind === 'importing'}
                data={[
                  { value: 'replace', label: t('management.data.upload.replace') },
                  { value: 'append', label: t('management.data.upload.append') },
                ]}
                onChange={(value) => setMode(value === 'append' ? 'append' : 'replace')}
                data-testid="upload-mode"
                styles={narrowSegments}
              />
            </Stack>
          </Group>
          <Table.ScrollContainer minWidth={Math.max(480, columns.length * 140)}>
            <Table striped withTableBorder fz="sm" data-testid="upload-preview">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w={56}>
                    <Text size="sm" fw={600}>
                      {t('management.data.upload.rowNumber')}
                    </Text>
                  </Table.Th>
                  {columns.map((column, index) => (
                    <Table.Th key={`${column.name}-${index}`} scope="col">
                      <Stack gap={4}>
                        <Text size="sm" fw={600}>
                          {column.header || column.name}
                        </Text>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {column.name}
                        </Text>
                        <Select
                          ref={(element) => {
                            columnTypeRefs.current[index] = element;
                          }}
                          size="xs"
                          error={
                            typeof failure?.at === 'object' && failure.at.column === index
                              ? failure.text
                              : undefined
                          }
                          aria-label={t('management.data.upload.columnType', {
                            column: column.header || column.name,
                          })}
                          data={uploadColumnTypes.map((type) => ({
                            value: type,
                            label: t(uploadTypeLabelKeys[type]),
                          }))}
                          value={column.type}
                          allowDeselect={false}
                          disabled={step.kind === 'importing'}
                          onChange={(type) => {
                            if (!type) return;
                            if (typeof failure?.at === 'object' && failure.at.column === index)
                              setFailure(null);
                            // A percent or currency format belongs to numbers only.
                            setColumns((current) =>
                              current.map((c, i) =>
                                i !== index
                                  ? c
                                  : type === 'decimal'
                                    ? { ...c, type }
                                    : { name: c.name, header: c.header, type },
                              ),
                            );
                          }}
                          data-testid="upload-column-type"
                        />
                        {column.format && (
                          <Text size="xs" c="dimmed" data-testid="upload-column-format">
                            {t(uploadFormatLabelKeys[column.format])}
                          </Text>
                        )}
                      </Stack>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {step.preview.rows.map((row, rowIndex) => (
                  <Table.Tr key={rowIndex}>
                    <Table.Th scope="row" fw={400} c="dimmed">
                      {step.preview.rowNumbers[rowIndex] ?? ''}
                    </Table.Th>
                    {columns.map((column, index) => (
                      <Table.Td key={`${column.name}-${index}`}>{row[index] ?? ''}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed">
            {t('management.data.upload.previewRows', { count: step.preview.rows.length })}
          </Text>
          {step.kind === 'importing' ? (
            <Stack gap={4} data-testid="upload-progress">
              <Text size="sm">
                {step.progress < 1
                  ? t('management.data.upload.sending', { percent: Math.round(step.progress * 100) })
                  : t('management.data.upload.importing')}
              </Text>
              <Progress
                value={Math.round(step.progress * 100)}
                animated={step.progress >= 1}
                striped={step.progress >= 1}
                aria-label={t('management.data.upload.progress')}
              />
            </Stack>
          ) : (
            <Group>
              {failure?.at === 'import' && (
                <Alert
                  ref={importErrorRef}
                  tabIndex={-1}
                  color="red"
                  variant="light"
                  role="alert"
                  title={t('management.data.upload.failed')}
                  data-testid="upload-error"
                  w="100%"
                >
                  {failure.text}
                </Alert>
              )}
              <Button
                onClick={() => startImport(step.file, step.preview)}
                disabled={!tableNameValid || columnNames.size !== columns.length}
                data-testid="upload-import"
              >
                {t('management.data.upload.import')}
              </Button>
              <Button variant="default" onClick={() => setStep({ kind: 'choose' })}>
                {t('common.cancel')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
