import { Group, Progress, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localizedText } from '@cockpit/contracts';
import { QueryTable } from '../../../components/ui/query-table';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { useSentNotifications } from '../api/get-sent-notifications';
import { formatDateTime, useCulture } from '../../../lib/date-time';

/** Management → Notifications: the notifications sent in this organisation, with how many recipients have read each. */
export function SentNotifications() {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const culture = useCulture();
  const sent = useSentNotifications();

  return (
    <Stack gap="md" component="section" aria-labelledby="sent-heading">
      <Title order={2} size="h3" id="sent-heading">
        {t('management.notifications.sentListTitle')}
      </Title>
      <QueryTable
        query={sent}
        items={(data) => data.sent}
        empty={{
          icon: 'notifications',
          headline: t('management.notifications.noneSentTitle'),
          text: t('management.notifications.noneSentText'),
        }}
        columns={[
          t('management.notifications.sentAt'),
          t('management.notifications.title'),
          t('management.notifications.recipientCount'),
          t('management.notifications.readCount'),
        ]}
        renderRow={(item) => {
          const share = item.recipients === 0 ? 0 : Math.round((item.read / item.recipients) * 100);
          const readLabel = t('management.notifications.readOf', { read: item.read, count: item.recipients });
          return (
            <Table.Tr key={item.batchId} data-testid="sent-notification-row">
              <Table.Td>
                <Text size="sm" component="time" dateTime={item.sentAt}>
                  {formatDateTime(item.sentAt, culture)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={500} lineClamp={2}>
                    {localizedText(item.content.title, language)}
                  </Text>
                  {item.content.url && (
                    <Tooltip label={t('management.notifications.hasLink')}>
                      <IconLink size={16} aria-label={t('management.notifications.hasLink')} />
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{item.recipients}</Table.Td>
              <Table.Td miw={180}>
                <Stack gap={4}>
                  <Text size="sm">{readLabel}</Text>
                  <Progress value={share} size="sm" aria-label={readLabel} />
                </Stack>
              </Table.Td>
            </Table.Tr>
          );
        }}
        minWidth={640}
        data-testid="sent-notifications"
      />
    </Stack>
  );
}
