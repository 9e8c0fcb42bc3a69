import { useId } from 'react';
import { Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { localizedText, type Notification } from '@cockpit/contracts';
import { useIsClamped } from '../hooks/use-is-clamped';
import { formatShortDate } from '../../../lib/date-time';
import classes from './notification-card.module.css';

type NotificationCardProps = {
  notification: Notification;
  /** The UI language (spec §9 picks the title/text language from it). */
  language: string;
  /** The UI culture for the short date (DESIGN.md §3). */
  culture: string;
  onOpen: (notification: Notification) => void;
  onHover: (notification: Notification) => void;
};

/**
 * spec §2 Notifications: a card with title, text clamped at 4 lines, short date and the unread dot; a
 * "read more" hint only when the text is really cut. The whole card is one button that opens the detail
 * dialog (so "read more" is part of it, not a second control).
 */
export function NotificationCard({ notification, language, culture, onOpen, onHover }: NotificationCardProps) {
  const { t } = useTranslation();
  const id = useId();
  const title = localizedText(notification.content.title, language);
  const text = localizedText(notification.content.text, language);
  const [textRef, clamped] = useIsClamped<HTMLParagraphElement>(text);
  const unread = !notification.wasRead;

  return (
    <UnstyledButton
      className={classes.card}
      onClick={() => onOpen(notification)}
      onMouseEnter={() => onHover(notification)}
      aria-labelledby={`${id}-title${unread ? ` ${id}-unread` : ''}`}
      aria-describedby={`${id}-date`}
      data-testid="notification-card"
      data-unread={unread || undefined}
    >
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text id={`${id}-title`} fw={unread ? 700 : 500} size="sm" className={classes.title}>
            {title}
          </Text>
          {unread && (
            <>
              <span className={classes.unreadDot} aria-hidden="true" data-testid="unread-dot" />
              <VisuallyHidden id={`${id}-unread`}>{t('notifications.unread')}</VisuallyHidden>
            </>
          )}
        </Group>
        <Text id={`${id}-date`} size="xs" c="dimmed" component="time" dateTime={notification.date}>
          {formatShortDate(notification.date, culture)}
        </Text>
        <Text ref={textRef} size="sm" className={classes.text}>
          {text}
        </Text>
        {clamped && (
          <Text component="span" size="sm" className={classes.readMore} data-testid="read-more">
            {t('notifications.readMore')}
          </Text>
        )}
      </Stack>
    </UnstyledButton>
  );
}

type NotificationCardItemsProps = Omit<NotificationCardProps, 'notification'> & { notifications: Notification[] };

/** The cards of a list, one `<li>` each (the notifications panel, the reports home). */
export function NotificationCardItems({ notifications, ...card }: NotificationCardItemsProps) {
  return notifications.map((notification) => (
    <li key={notification.uid}>
      <NotificationCard notification={notification} {...card} />
    </li>
  ));
}
