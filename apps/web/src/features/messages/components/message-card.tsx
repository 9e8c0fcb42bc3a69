import { useId } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BannerMessageButton, BannerMessageItem } from '@cockpit/contracts';
import classes from './message-card.module.css';

type MessageCardProps = {
  message: BannerMessageItem;
  /** A button was pressed: run its action (the banner decides what that means). */
  onButton: (message: BannerMessageItem, button: BannerMessageButton) => void;
};

/**
 * spec §2 Message banner: one card with a title, a body, a primary button (default label: the translated
 * global label) and an optional secondary button. Presentational, so the management area can show the
 * very same card as a preview.
 */
export function MessageCard({ message, onButton }: MessageCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { action, secondaryAction } = message;
  return (
    <Paper
      component="article"
      aria-labelledby={titleId}
      className={classes.card}
      withBorder
      radius="md"
      p="md"
      data-testid="message-card"
    >
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Stack gap={4} className={classes.texts}>
          <Text id={titleId} fw={700}>
            {message.title}
          </Text>
          <Text size="sm" className={classes.body}>
            {message.body}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {secondaryAction && (
            <Button variant="default" onClick={() => onButton(message, secondaryAction)}>
              {secondaryAction.label ?? t('global.ok')}
            </Button>
          )}
          <Button onClick={() => onButton(message, action)}>{action.label ?? t('global.ok')}</Button>
        </Group>
      </Group>
    </Paper>
  );
}
