import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type IdleTimeoutDialogProps = {
  opened: boolean;
  remainingSeconds: number;
  onStay: () => void;
};

/** The idle countdown (docs/product.md §D.3 Idle timeout): any input, or the button, keeps the session. */
export function IdleTimeoutDialog({ opened, remainingSeconds, onStay }: IdleTimeoutDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={t('idle.title')}
      centered
      zIndex={500}
      withCloseButton={false}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      data-testid="idle-dialog"
      aria-describedby="idle-dialog-text"
    >
      <Text id="idle-dialog-text" mb="md">
        {t('idle.text', { count: remainingSeconds })}
      </Text>
      <Text size="xl" fw={700} ta="center" mb="md" aria-hidden="true" data-testid="idle-countdown">
        {remainingSeconds}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onStay} data-autofocus>
          {t('idle.stay')}
        </Button>
      </Group>
    </Modal>
  );
}
