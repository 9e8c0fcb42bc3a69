import { Anchor, Button, Group, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isSafeHttpUrl, localizedText, type Notification } from '@cockpit/contracts';
import { formatShortDate } from '../../../lib/date-time';

type NotificationDialogProps = {
  notification: Notification | null;
  language: string;
  /** The UI culture for the short date (docs/product.md §D.3). */
  culture: string;
  onClose: () => void;
};

/**
 * docs/product.md §2 Notification detail dialog: title, date, the full text, an optional link labelled "Link" and a
 * close button. The link opens in a new tab without access to this page (`noopener`), and only an
 * http(s) URL is ever rendered as a link (docs/product.md §D.5), whatever is stored.
 */
export function NotificationDialog({ notification, language, culture, onClose }: NotificationDialogProps) {
  const { t } = useTranslation();
  const url = notification?.content.url;
  return (
    <Modal
      opened={notification !== null}
      onClose={onClose}
      title={notification ? localizedText(notification.content.title, language) : ''}
      withCloseButton={false}
      centered
      size="lg"
      styles={{
        title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', overflowWrap: 'anywhere' },
      }}
    >
      {notification && (
        <Stack gap="md">
          <Text size="sm" c="dimmed" component="time" dateTime={notification.date}>
            {formatShortDate(notification.date, culture)}
          </Text>
          <Text
            style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            data-testid="notification-dialog-text"
          >
            {localizedText(notification.content.text, language)}
          </Text>
          {isSafeHttpUrl(url) && (
            <Anchor href={url.trim()} target="_blank" rel="noopener noreferrer" w="fit-content">
              <Group gap={4} component="span">
                {t('notifications.dialog.link')}
                <IconExternalLink size={16} aria-hidden="true" />
                <VisuallyHidden>{t('notifications.dialog.opensInNewTab')}</VisuallyHidden>
              </Group>
            </Anchor>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
