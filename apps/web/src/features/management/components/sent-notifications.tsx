import { Button, Group, Loader, Progress, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localizedText } from '@cockpit/contracts';
import { PlaceholderTile } from '../../../components/ui/placeholder-tile';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { useSentNotifications } from '../api/get-sent-notifications';
import { formatDateTime } from '../utils/formatting';
import { useCulture } from '../utils/use-culture';

/** Issue 6: the notifications sent in this organisation, with how many recipients have read each. */
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
      {sent.isPending ? (
        <Group justify="center" p="lg">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : sent.isError ? (
        <PlaceholderTile>
          <Button variant="light" onClick={() => void sent.refetch()}>
            {t('common.retry')}
          </Button>
        </PlaceholderTile>
      ) : sent.data.sent.length === 0 ? (
        <PlaceholderTile
          icon="notifications"
          headline={t('management.notifications.noneSentTitle')}
          text={t('management.notifications.noneSentText')}
        />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" striped data-testid="sent-notifications">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('management.notifications.sentAt')}</Table.Th>
                <Table.Th>{t('management.notifications.title')}</Table.Th>
                <Table.Th>{t('management.notifications.recipientCount')}</Table.Th>
                <Table.Th>{t('management.notifications.readCount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sent.data.sent.map((item) => {
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
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
