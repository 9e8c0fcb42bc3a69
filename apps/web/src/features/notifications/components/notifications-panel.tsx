import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { effectiveCulture } from '@cockpit/contracts';
import { PlaceholderTile } from '../../../components/ui/placeholder-tile';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { useNotificationActions } from '../hooks/use-notification-actions';
import { useNotifications } from '../hooks/use-notifications';
import { NotificationCardItems } from './notification-card';
import { NotificationDialog } from './notification-dialog';

type NotificationsPanelProps = {
  /** The side panel's menu header (user, role, language), as the other panels show it. */
  header?: ReactNode;
  /** The user's culture choice for dates; `auto` (and unknown) follow the UI language (docs/decisions/030). */
  uiCulture?: string;
};

/**
 * docs/product.md §2 Notifications: the signed-in user's notifications, live (docs/product.md §D.5), newest first; an
 * empty-state tile when there are none. A click marks a card read (if unread) and opens the detail
 * dialog; hovering marks it moused over, once.
 */
export function NotificationsPanel({ header, uiCulture }: NotificationsPanelProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const { notifications, status, hasMore, loadOlder } = useNotifications();
  const { opened, open, hover, close } = useNotificationActions();
  const culture = effectiveCulture(uiCulture, language);

  // The snapshot is the newest page; older ones load when the end of the list scrolls into view.
  const listEnd = useRef<HTMLLIElement | null>(null);
  const oldest = notifications?.at(-1);
  const [olderFailed, setOlderFailed] = useState(false);
  useEffect(() => {
    const end = listEnd.current;
    if (!hasMore || !oldest || !end || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      void loadOlder().then(({ failed }) => setOlderFailed(failed));
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [hasMore, oldest, loadOlder]);

  let content: ReactNode;
  if (notifications === null && status === 'reconnecting') {
    // Never connected so far: the default error tile (docs/product.md §2) while the stream keeps retrying.
    content = <PlaceholderTile compact headingOrder={3} />;
  } else if (notifications === null) {
    content = (
      <Center p="xl">
        <Loader size="sm" role="status" aria-label={t('notifications.loading')} />
      </Center>
    );
  } else if (notifications.length === 0) {
    content = (
      <PlaceholderTile
        icon="notifications"
        compact
        headingOrder={3}
        headline={t('notifications.empty.headline')}
        text={t('notifications.empty.text')}
      />
    );
  } else {
    content = (
      <ul aria-label={t('notifications.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        <NotificationCardItems
          notifications={notifications}
          language={language}
          culture={culture}
          onOpen={open}
          onHover={hover}
        />
        {hasMore && (
          <li ref={listEnd} data-testid="notifications-older">
            <Center p="sm">
              {olderFailed ? (
                <Text size="xs" c="dimmed" role="status">
                  {t('notifications.older.failed')}
                </Text>
              ) : (
                <Loader size="xs" role="status" aria-label={t('notifications.older.loading')} />
              )}
            </Center>
          </li>
        )}
      </ul>
    );
  }

  return (
    <Stack gap={0} data-testid="notifications-panel">
      {header}
      <Title order={2} size="h4" px="md" pt="md" pb="xs">
        {t('notifications.title')}
      </Title>
      {notifications !== null && status === 'reconnecting' && (
        <Text size="xs" c="dimmed" px="md" pb="xs" role="status">
          {t('notifications.reconnecting')}
        </Text>
      )}
      {content}
      <NotificationDialog notification={opened} language={language} culture={culture} onClose={close} />
    </Stack>
  );
}
