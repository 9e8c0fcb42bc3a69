import { Alert, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The uploaded tables of an `uploads` source (decision 027): the place of the upload wizard and the list
 * of uploaded tables (components/upload-*.tsx, `UploadTableWizard` and `UploadedTablesList`).
 */
export function UploadsSection({ sourceName }: { sourceName: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-labelledby="uploads-title" data-source={sourceName}>
      <Title order={2} size="h3" id="uploads-title">
        {t('management.data.uploads.title')}
      </Title>
      <Text size="sm" c="dimmed" maw={720}>
        {t('management.data.uploads.intro')}
      </Text>
      <Alert color="gray" variant="light" data-testid="uploads-slot">
        {t('management.data.uploads.soon')}
      </Alert>
    </Stack>
  );
}
