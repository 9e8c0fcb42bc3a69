import { Divider, Stack } from '@mantine/core';
import type { NotificationContent } from '@cockpit/contracts';
import { NotificationComposer } from '../../../../features/notifications/components/notification-composer';
import { SentNotifications } from '../../../../features/notifications/components/sent-notifications';
import { NotificationCard } from '../../../../features/notifications/components/notification-card';
import { cultureFor } from '../../../../lib/client-params';
import { useSectionTitle } from './use-section-title';

const ignore = () => {};

/**
 * Management area: Notifications section. The app composes the notifications feature's composer with, as its
 * preview, the feature's own card, so the preview is exactly what users will see.
 */
export function ManagementNotificationsRoute() {
  // The section has visible headings of its own (compose, sent).
  useSectionTitle('management.sections.notifications');
  const now = new Date().toISOString();

  const renderPreview = (content: NotificationContent, uiLanguage: string) => (
    // Inert: a picture of the card, not a control.
    <div inert>
      <NotificationCard
        notification={{
          uid: `preview-${uiLanguage}`,
          userId: 'preview',
          date: now,
          wasRead: false,
          mouseOver: false,
          content,
        }}
        language={uiLanguage}
        culture={cultureFor(uiLanguage)}
        onOpen={ignore}
        onHover={ignore}
      />
    </div>
  );

  return (
    <Stack gap="xl">
      <NotificationComposer renderPreview={renderPreview} />
      <Divider />
      <SentNotifications />
    </Stack>
  );
}
