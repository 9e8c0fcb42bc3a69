import { useState } from 'react';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Loader,
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
import { separatorLabelKeys, uploadErrorText, uploadTypeLabelKeys } from './upload-labels';

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

type Step =
  | { kind: 'choose' }
  | { kind: 'previewing'; file: File; progress: number }
  | { kind: 'preview'; file: File; preview: UploadPreviewResponse }
  | { kind: 'importing'; file: File; preview: UploadPreviewResponse; progress: number };

/**
 * Management → Data → an `uploads` source: a CSV or XLSX file into a table (decision 027). Choose the file;
 * the preview shows its columns with their guessed types (each can be changed), the value style (English
 * or German numbers and dates), the sheet of a workbook, the table's name and replace or append; the import
 * shows the upload's progress and, when a value is bad, its row and column — nothing is imported then.
 */
export function UploadTableWizard({ sourceName, onDone }: UploadTableWizardProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [columns, setColumns] = useState<UploadColumn[]>([]);
  const [table, setTable] = useState('');
  const [mode, setMode] = useState<'replace' | 'append'>('replace');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<UploadResult | null>(null);
  const upload = useUploadTable();

  const loadPreview = async (
    file: File,
    choice: { sheet?: string | null; valueStyle?: 'en' | 'de' } = {},
  ) => {
    setError(null);
    setDone(null);
    setStep({ kind: 'previewing', file, progress: 0 });
    try {
      const preview = await previewUpload({
        sourceName,
        file,
        ...choice,
        onProgress: (progress) => setStep({ kind: 'previewing', file, progress }),
      });
      setColumns(preview.columns);
      // A new file suggests its own name; a new sheet or style of the same file keeps the one typed.
      if (!choice.sheet && !choice.valueStyle) setTable(preview.suggestedTableName);
      setStep({ kind: 'preview', file, preview });
    } catch (failure) {
      setError(uploadErrorText(t, failure));
      setStep({ kind: 'choose' });
    }
  };

  const startImport = (file: File, preview: UploadPreviewResponse) => {
    setError(null);
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
        },
        onProgress: (progress) => setStep({ kind: 'importing', file, preview, progress }),
      },
      {
        onSuccess: (result) => {
          setDone(result);
          setStep({ kind: 'choose' });
          onDone?.(result);
        },
        onError: (failure) => {
          setError(uploadErrorText(t, failure));
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
      {error && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={t('management.data.upload.failed')}
          data-testid="upload-error"
        >
          {error}
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
                  if (sheet && sheet !== step.preview.sheet)
                    void loadPreview(step.file, { sheet, valueStyle: step.preview.valueStyle });
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
                    void loadPreview(step.file, { sheet: step.preview.sheet, valueStyle });
                }}
                data-testid="upload-style"
                styles={narrowSegments}
              />
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
                          size="xs"
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
                            setColumns((current) =>
                              current.map((c, i) => (i === index ? { ...c, type: type } : c)),
                            );
                          }}
                          data-testid="upload-column-type"
                        />
                      </Stack>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {step.preview.rows.map((row, rowIndex) => (
                  <Table.Tr key={rowIndex}>
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
