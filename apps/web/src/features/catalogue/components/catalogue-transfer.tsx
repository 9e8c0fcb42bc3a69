import { useState } from 'react';
import { Alert, Button, FileButton, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { catalogueMaxBytes, type CatalogueChange } from '@cockpit/contracts';
import { downloadText } from '../../../lib/download';
import { showToast } from '../../../lib/toast';
import { getCatalogueQueryOptions } from '../api/get-catalogue';
import { useImportChanges } from '../api/get-import-changes';
import { useImportCatalogue } from '../api/import-catalogue';
import { exportFileName } from '../utils/catalogue-form';
import { catalogueErrorTexts, changeLabel, objectLabel } from '../utils/catalogue-labels';
import { serverErrorMessage } from '../../../lib/server-error';
import classes from './catalogue.module.css';

const changeKinds: CatalogueChange['change'][] = ['added', 'changed', 'removed'];

type Upload = { fileName: string; document: Record<string, unknown> | null; problem: string | null };

/** Reads a chosen file as a catalogue document, or says why it cannot be one (before asking the server). */
async function readUpload(
  file: File,
  texts: { tooLarge: string; notJson: string; notDocument: string },
): Promise<Upload> {
  const fail = (problem: string): Upload => ({ fileName: file.name, document: null, problem });
  if (file.size > catalogueMaxBytes) return fail(texts.tooLarge);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    return fail(texts.notJson);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fail(texts.notDocument);
  return { fileName: file.name, document: parsed as Record<string, unknown>, problem: null };
}

/**
 * Export and import of the whole catalogue (decision 015). Export downloads the document as
 * `catalogue-YYYY-MM-DD.json`. Import reads a file, asks the server what it would change (a dry run),
 * shows that summary, and replaces the catalogue only when the administrator applies it; an invalid
 * document gets the server's message naming the JSON path of the first problem, and nothing changes.
 */
export function CatalogueTransfer() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);
  const [upload, setUpload] = useState<Upload | null>(null);
  // Remounts the hidden file input, so that choosing the same file again is noticed.
  const [fileInputKey, setFileInputKey] = useState(0);
  const changes = useImportChanges();
  const apply = useImportCatalogue();

  async function exportDocument() {
    setExporting(true);
    try {
      const document = await queryClient.fetchQuery(getCatalogueQueryOptions());
      downloadText(exportFileName(new Date()), `${JSON.stringify(document, null, 2)}\n`, 'application/json');
    } catch {
      showToast({
        type: 'error',
        title: t('management.catalogue.transfer.exportFailed'),
        message: t('management.errors.saveFailed'),
      });
    } finally {
      setExporting(false);
    }
  }

  async function chooseFile(file: File | null) {
    setFileInputKey((key) => key + 1);
    if (!file) return;
    changes.reset();
    apply.reset();
    const read = await readUpload(file, {
      tooLarge: t('management.catalogue.errors.tooLarge'),
      notJson: t('management.catalogue.transfer.notJson'),
      notDocument: t('management.catalogue.transfer.notDocument'),
    });
    setUpload(read);
    if (read.document) changes.mutate(read.document);
  }

  function close() {
    setUpload(null);
    changes.reset();
    apply.reset();
  }

  const summary = changes.data?.changes;
  const problem =
    upload?.problem ?? (changes.isError ? serverErrorMessage(t, changes.error, catalogueErrorTexts) : null);

  return (
    <>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={exporting}
          onClick={() => void exportDocument()}
        >
          {t('management.catalogue.transfer.export')}
        </Button>
        <FileButton
          key={fileInputKey}
          onChange={(file) => void chooseFile(file)}
          accept="application/json,.json"
        >
          {(props) => (
            <Button variant="default" leftSection={<IconUpload size={16} aria-hidden="true" />} {...props}>
              {t('management.catalogue.transfer.import')}
            </Button>
          )}
        </FileButton>
      </Group>

      {upload && (
        <Modal
          opened
          onClose={close}
          size="lg"
          title={t('management.catalogue.transfer.importTitle', { file: upload.fileName })}
          closeButtonProps={{ 'aria-label': t('common.close') }}
        >
          <Stack gap="md" data-testid="import-summary">
            {problem ? (
              <Alert color="red" role="alert" title={t('management.catalogue.transfer.invalid')}>
                {problem}
              </Alert>
            ) : changes.isPending || !summary ? (
              <Group gap="sm">
                <Loader size="sm" aria-label={t('common.loading')} />
                <Text size="sm">{t('management.catalogue.transfer.checking')}</Text>
              </Group>
            ) : summary.length === 0 ? (
              <Text size="sm">{t('management.catalogue.transfer.noChanges')}</Text>
            ) : (
              <>
                <Text size="sm">
                  {t('management.catalogue.transfer.summaryIntro', { count: summary.length })}
                </Text>
                {changeKinds.map((kind) => {
                  const listed = summary.filter((change) => change.change === kind);
                  if (listed.length === 0) return null;
                  const headingId = `import-${kind}`;
                  return (
                    <section key={kind} aria-labelledby={headingId}>
                      <Title order={3} size="h5" id={headingId} c={kind === 'removed' ? 'red.8' : undefined}>
                        {t('management.catalogue.transfer.listHeading', {
                          change: changeLabel(t, kind),
                          number: listed.length,
                        })}
                      </Title>
                      <ul className={classes.changeList}>
                        {listed.map((change) => (
                          <li key={`${change.object}:${change.name}`}>
                            <Text size="sm" component="span">
                              {objectLabel(t, change.object)}: <strong>{change.title}</strong>{' '}
                              <Text span size="xs" c="dimmed" ff="monospace">
                                {change.name}
                              </Text>
                            </Text>
                          </li>
                        ))}
                      </ul>
                    </section>
                  );
                })}
                {summary.some((change) => change.change === 'removed') && (
                  <Text size="sm" c="dimmed">
                    {t('management.catalogue.transfer.removedHint')}
                  </Text>
                )}
              </>
            )}
            {apply.isError && (
              <Alert color="red" role="alert" title={t('management.catalogue.errors.notSaved')}>
                {serverErrorMessage(t, apply.error, catalogueErrorTexts)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button
                disabled={!upload.document || !summary || summary.length === 0 || problem !== null}
                loading={apply.isPending}
                onClick={() =>
                  upload.document &&
                  apply.mutate(upload.document, {
                    onSuccess: (result) => {
                      showToast({
                        type: 'success',
                        title: t('management.catalogue.transfer.applied'),
                        message: t('management.catalogue.transfer.appliedText', {
                          count: result.changes.length,
                        }),
                      });
                      close();
                    },
                  })
                }
              >
                {t('management.catalogue.transfer.apply')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}
