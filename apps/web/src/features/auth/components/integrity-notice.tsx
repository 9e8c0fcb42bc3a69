import { Alert, Button, Group, Text } from '@mantine/core';
import { IconShieldExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { refreshIntegrity, useIntegrityStore } from '../../../lib/integrity/integrity';

/**
 * The login screen's word on app integrity (issue 7): shown when the check failed or the server refused
 * a sign-in for want of it, with a way to run the check again. Nothing is shown while all is well.
 */
export function IntegrityNotice() {
  const { t } = useTranslation();
  const status = useIntegrityStore((state) => state.status);
  const refused = useIntegrityStore((state) => state.refused);
  if (!refused && status !== 'failed') return null;

  const checking = status === 'checking';
  return (
    <Alert
      role="alert"
      color="orange"
      variant="light"
      icon={<IconShieldExclamation aria-hidden="true" />}
      title={t('login.integrity.title')}
      data-testid="integrity-notice"
    >
      <Text size="sm">{t(refused ? 'login.integrity.refused' : 'login.integrity.failed')}</Text>
      {status !== 'ready' && (
        <Group mt="xs">
          <Button
            size="xs"
            variant="light"
            color="orange"
            loading={checking}
            onClick={() => void refreshIntegrity()}
          >
            {t('login.integrity.retry')}
          </Button>
        </Group>
      )}
      {status === 'ready' && (
        <Text size="sm" mt="xs" c="green.8" role="status">
          {t('login.integrity.ready')}
        </Text>
      )}
    </Alert>
  );
}
