import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { userAttributesCsvMaxLength } from '@cockpit/contracts';
import { useImportUserAttributes } from '../api/import-user-attributes';

const previewRows = 5;

/**
 * The first rows of the file as a table, to see that the right file was chosen. For the eye only: cells
 * split at the header's separator outside quotes; the server reads the file with a real CSV parser.
 */
export function previewCsv(text: string, rows = previewRows): string[][] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .slice(0, rows);
  const header = lines[0] ?? '';
  const separator = !header.includes(',') && header.includes(';') ? ';' : ',';
  return lines.map((line) => {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (const character of line) {
      if (character === '"') quoted = !quoted;
      else if (character === separator && !quoted) {
        cells.push(cell.trim());
        cell = '';
      } else cell += character;
    }
    cells.push(cell.trim());
    return cells;
  });
}

/**
 * Management → Users → Import attributes (CSV), decision 027: choose a file (`email,<key>,…`, values split
 * by `|`), look at its first rows, import; the answer says how many users changed, which addresses are
 * not users of the organisation, and — when nothing was imported — each problem by row and column.
 */
export function AttributesImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const importAttributes = useImportUserAttributes();
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const result = importAttributes.data;

  async function choose(chosen: File | null) {
    importAttributes.reset();
    setFile(chosen);
    setText(null);
    setTooLarge(false);
    if (!chosen) return;
    if (chosen.size > userAttributesCsvMaxLength) {
      setTooLarge(true);
      return;
    }
    setText(await chosen.text());
  }

  const preview = text ? previewCsv(text) : [];
  const [header = [], ...rows] = preview;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('management.users.importTitle')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('management.users.importIntro')}</Text>
        <FileInput
          label={t('management.users.importFile')}
          placeholder={t('management.users.importFilePlaceholder')}
          accept=".csv,text/csv"
          value={file}
          onChange={(chosen) => void choose(chosen)}
          leftSection={<IconFileTypeCsv size={16} aria-hidden="true" />}
          error={tooLarge ? t('management.users.importTooLarge') : undefined}
          clearable
          data-autofocus
        />
        {preview.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="attributes-import-preview">
              {t('management.users.importPreview')}
            </Text>
            <ScrollArea type="auto">
              <Table
                withTableBorder
                striped
                aria-labelledby="attributes-import-preview"
                data-testid="import-preview"
              >
                <Table.Thead>
                  <Table.Tr>
                    {header.map((cell, index) => (
                      <Table.Th key={index}>{cell}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row, rowIndex) => (
                    <Table.Tr key={rowIndex}>
                      {row.map((cell, index) => (
                        <Table.Td key={index}>{cell}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </Stack>
        )}

        {importAttributes.isError && (
          <Alert color="red" role="alert">
            {t('management.errors.saveFailed')}
          </Alert>
        )}
        {result && result.errors.length > 0 && (
          <Alert color="red" role="alert" title={t('management.users.importErrors')}>
            <List size="sm" data-testid="import-errors">
              {result.errors.map((error, index) => (
                <List.Item key={index}>
                  {error.column
                    ? t('management.users.importErrorAt', {
                        row: error.row,
                        column: error.column,
                        message: error.message,
                      })
                    : t('management.users.importErrorAtRow', { row: error.row, message: error.message })}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {result && result.errors.length === 0 && (
          <Alert
            color="green"
            role="status"
            title={t('management.users.importUpdated', { count: result.updated })}
          >
            {result.unknownEmails.length > 0 && (
              <Stack gap={4}>
                <Text size="sm">
                  {t('management.users.importUnknown', { count: result.unknownEmails.length })}
                </Text>
                <List size="sm" data-testid="import-unknown">
                  {result.unknownEmails.map((email) => (
                    <List.Item key={email}>{email}</List.Item>
                  ))}
                </List>
              </Stack>
            )}
          </Alert>
        )}

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button
            onClick={() => text && importAttributes.mutate(text)}
            disabled={!text}
            loading={importAttributes.isPending}
          >
            {t('management.users.importRun')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
