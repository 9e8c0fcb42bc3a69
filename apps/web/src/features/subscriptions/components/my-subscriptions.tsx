import { Badge, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { DeliveryStatus } from '@cockpit/contracts';
import {
  bodyOf,
  useDeliverySettings,
  useMySubscriptions,
  useSubscriptionActions,
} from '../api/subscriptions';
import { scheduleText } from './schedule-text';

const statusKeys: Record<DeliveryStatus, string> = {
  queued: 'subscriptions.status.queued',
  sending: 'subscriptions.status.sending',
  retrying: 'subscriptions.status.retrying',
  sent: 'subscriptions.status.sent',
  'skipped-empty': 'subscriptions.status.skipped-empty',
  'not-allowed': 'subscriptions.status.not-allowed',
  failed: 'subscriptions.status.failed',
};

const statusColors: Record<DeliveryStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  retrying: 'orange',
  sent: 'green',
  'skipped-empty': 'gray',
  'not-allowed': 'red',
  failed: 'red',
};

/** A delivery status as a badge, with its reason as the badge's title. */
export function DeliveryStatusBadge({ status, reason }: { status: DeliveryStatus; reason: string | null }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={statusColors[status]}
      variant="light"
      title={reason ?? undefined}
      data-testid="delivery-status"
    >
      {t(statusKeys[status])}
    </Badge>
  );
}

const zones = (() => {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const known = intl.supportedValuesOf?.('timeZone') ?? [
    'Europe/Berlin',
    'Europe/Vienna',
    'Europe/Zurich',
    'Europe/London',
  ];
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
})();

/** Settings → My subscriptions (decision 029): time zone, and each subscription with its last delivery. */
export function MySubscriptions() {
  const { t, i18n } = useTranslation();
  const list = useMySubscriptions();
  const settings = useDeliverySettings();
  const actions = useSubscriptionActions();

  return (
    <Stack
      gap="md"
      component="section"
      aria-labelledby="my-subscriptions-heading"
      data-testid="my-subscriptions"
    >
      <Title order={2} size="h3" id="my-subscriptions-heading">
        {t('subscriptions.mine')}
      </Title>
      {settings.data && (
        <Select
          maw={320}
          searchable
          label={t('subscriptions.timeZone')}
          value={settings.data.timeZone}
          data={zones}
          allowDeselect={false}
          onChange={(value) => value && actions.setTimeZone.mutate(value)}
        />
      )}
      {list.data && list.data.subscriptions.length === 0 && <Text c="dimmed">{t('subscriptions.none')}</Text>}
      {list.data && list.data.subscriptions.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('subscriptions.report')}</Table.Th>
                <Table.Th>{t('subscriptions.when')}</Table.Th>
                <Table.Th>{t('subscriptions.lastDelivery')}</Table.Th>
                <Table.Th>{t('subscriptions.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.subscriptions.map((subscription) => (
                <Table.Tr key={subscription.id} data-testid="subscription-row">
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {subscription.title || subscription.targetName}
                    </Text>
                    {subscription.kind === 'alert' && <Badge size="xs">{t('subscriptions.alert')}</Badge>}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {scheduleText(subscription.schedule, t, i18n.language)} ({subscription.timeZone})
                    </Text>
                    {subscription.paused && <Badge color="gray">{t('subscriptions.paused')}</Badge>}
                  </Table.Td>
                  <Table.Td>
                    {subscription.lastDelivery ? (
                      <DeliveryStatusBadge
                        status={subscription.lastDelivery.status}
                        reason={subscription.lastDelivery.reason}
                      />
                    ) : (
                      <Text size="sm" c="dimmed">
                        –
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() =>
                          actions.sendNow.mutate(subscription.id, {
                            onSuccess: () =>
                              notifications.show({ color: 'green', message: t('subscriptions.sendingNow') }),
                          })
                        }
                      >
                        {t('subscriptions.sendNow')}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() =>
                          actions.update.mutate({
                            id: subscription.id,
                            body: bodyOf(subscription, { paused: !subscription.paused }),
                          })
                        }
                      >
                        {subscription.paused ? t('subscriptions.resume') : t('subscriptions.pause')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => actions.remove.mutate(subscription.id)}
                      >
                        {t('subscriptions.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
