import { Alert, Button, Code, Group, List, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadText } from '../../../lib/download';

type RecoveryCodesProps = {
  codes: readonly string[];
  onDone: () => void;
};

/** The recovery codes, shown once after turning two-factor sign-in on, with a download (decision 021). */
export function RecoveryCodes({ codes, onDone }: RecoveryCodesProps) {
  const { t } = useTranslation();

  function download() {
    const text = [t('twoFactor.codes.fileHeading'), '', ...codes, ''].join('\n');
    downloadText('report-cockpit-recovery-codes.txt', text, 'text/plain;charset=utf-8');
  }

  return (
    <Stack gap="md" data-testid="two-factor-recovery-codes">
      <Alert color="blue" variant="light" title={t('twoFactor.codes.title')}>
        {t('twoFactor.codes.text', { count: codes.length })}
      </Alert>
      <List listStyleType="none" spacing={4} aria-label={t('twoFactor.codes.listLabel')}>
        {codes.map((code) => (
          <List.Item key={code}>
            <Code fz="md">{code}</Code>
          </List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed">
        {t('twoFactor.codes.onceHint')}
      </Text>
      <Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          onClick={download}
        >
          {t('twoFactor.codes.download')}
        </Button>
        <Button onClick={onDone}>{t('twoFactor.codes.done')}</Button>
      </Group>
    </Stack>
  );
}
