import { Alert, Button, CopyButton, Group, Stack, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconEyeExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type OneTimePasswordShownProps = {
  /** Whose password it is. */
  name: string;
  password: string;
  onDone: () => void;
};

/**
 * A one-time password right after it was set (decision 022): shown this once — the server keeps only
 * its hash — with a Copy button, so the administrator can pass it on in a safe way.
 */
export function OneTimePasswordShown({ name, password, onDone }: OneTimePasswordShownProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="one-time-password-shown">
      <Alert
        color="orange"
        icon={<IconEyeExclamation size={18} aria-hidden="true" />}
        title={t('management.users.shownOnceTitle')}
      >
        {t('management.users.shownOnceText', { name })}
      </Alert>
      <Group align="flex-end" wrap="nowrap" gap="xs">
        <TextInput
          label={t('management.users.oneTimePassword')}
          value={password}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          style={{ flex: 1 }}
        />
        <CopyButton value={password}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'green' : undefined}
              leftSection={
                copied ? (
                  <IconCheck size={16} aria-hidden="true" />
                ) : (
                  <IconCopy size={16} aria-hidden="true" />
                )
              }
              onClick={copy}
            >
              {copied ? t('management.users.copied') : t('management.users.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Group justify="flex-end" mt="sm">
        <Button onClick={onDone} data-autofocus>
          {t('management.users.passwordPassedOn')}
        </Button>
      </Group>
    </Stack>
  );
}
