import type { ReactNode } from 'react';
import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SubscriptionView } from '@cockpit/contracts';
import { QueryTable } from '../../../components/ui/query-table';
import { roleLabel, subscriptionLabel } from '../../../lib/role-labels';
import { formatShortDateTime, useCulture } from '../../../lib/date-time';
import { useManagedDeliveries, useManagedSubscriptions } from '../api/subscriptions';
import { DeliveryStatusBadge, LastDelivery, PausedBadge, SubscriptionActions } from './my-subscriptions';
import { scheduleText } from './schedule-text';
import { SubscribeOthersButton, type SubscribeOthersProps } from './subscribe-others';

/**
 * Whom a subscription goes to, in words: the listed users by name (its owner's name when nobody is
 * listed), and an audience by its roles and subscriptions.
 */
export function recipientsText(
  subscription: Pick<SubscriptionView, 'recipients' | 'recipientNames'>,
  t: TFunction,
): string {
  const { recipients, recipientNames } = subscription;
  const parts: string[] = [];
  if (recipientNames.length > 0) parts.push(recipientNames.join(', '));
  else if (!recipients) parts.push(t('subscriptions.recipientsOwner'));
  if (recipients?.audience) {
    const { roles, subscriptions } = recipients.audience;
    const names = [
      ...roles.map((role) => roleLabel(t, role)),
      ...subscriptions.map((plan) => subscriptionLabel(t, plan)),
    ];
    parts.push(
      t('subscriptions.recipientsAudience', {
        audience: names.length > 0 ? names.join(', ') : t('subscriptions.everyone'),
      }),
    );
  }
  return parts.join('; ');
}

type MailManagementProps = SubscribeOthersProps & {
  /** The mail outbox below the deliveries: the mail feature's, passed in by the page. */
  outbox: ReactNode;
  /** The signed-in administrator: the subscriptions they own get their actions here. */
  currentUserId: string | undefined;
};

/**
 * Management → Mail (decision 029): subscribing others, the organisation's subscriptions, every delivery
 * with its status, and the outbox without SMTP_URL.
 */
export function MailManagement({ reports, renderAudience, outbox, currentUserId }: MailManagementProps) {
  const { t, i18n } = useTranslation();
  // Dates in the UI's culture, as every screen writes them (decision 030).
  const culture = useCulture();
  const subscriptions = useManagedSubscriptions();
  const deliveries = useManagedDeliveries();

  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby="organisation-subscriptions-heading">
        <Group justify="space-between">
          <Title order={2} size="h3" id="organisation-subscriptions-heading">
            {t('subscriptions.organisation')}
          </Title>
          <SubscribeOthersButton reports={reports} renderAudience={renderAudience} />
        </Group>
        <QueryTable
          query={subscriptions}
          items={(data) => data.subscriptions}
          empty={{
            icon: 'search',
            headline: t('subscriptions.organisationNone'),
            text: t('subscriptions.organisationNoneText'),
          }}
          columns={[
            t('subscriptions.report'),
            t('subscriptions.recipients'),
            t('subscriptions.when'),
            t('subscriptions.lastDelivery'),
            t('subscriptions.actions'),
          ]}
          minWidth={900}
          data-testid="organisation-subscriptions"
          renderRow={(subscription) => (
            <Table.Tr key={subscription.id} data-testid="organisation-subscription-row">
              <Table.Td>
                {subscription.title || subscription.targetName}
                {subscription.kind === 'alert' && (
                  <Badge size="xs" ml={6}>
                    {t('subscriptions.alert')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td data-testid="subscription-recipients">{recipientsText(subscription, t)}</Table.Td>
              <Table.Td>
                {scheduleText(subscription.schedule, t, i18n.language)}
                {subscription.paused && <PausedBadge ml={6} />}
              </Table.Td>
              <Table.Td>
                <LastDelivery delivery={subscription.lastDelivery} />
              </Table.Td>
              <Table.Td>
                {/* Changed by its owner only: another person's is theirs to change. */}
                {subscription.ownerId === currentUserId && (
                  <SubscriptionActions subscription={subscription} />
                )}
              </Table.Td>
            </Table.Tr>
          )}
        />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="deliveries-heading">
        <Title order={2} size="h3" id="deliveries-heading">
          {t('subscriptions.deliveries')}
        </Title>
        <QueryTable
          query={deliveries}
          items={(data) => data.deliveries}
          empty={{
            icon: 'search',
            headline: t('subscriptions.noDeliveries'),
            text: t('subscriptions.noDeliveriesText'),
          }}
          columns={[
            t('subscriptions.at'),
            t('subscriptions.report'),
            t('subscriptions.recipient'),
            t('subscriptions.statusLabel'),
          ]}
          minWidth={640}
          data-testid="deliveries"
          renderRow={(delivery) => (
            <Table.Tr key={delivery.id}>
              <Table.Td>{formatShortDateTime(delivery.updatedAt, culture)}</Table.Td>
              <Table.Td>{delivery.targetName}</Table.Td>
              <Table.Td>{delivery.recipientEmail}</Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <DeliveryStatusBadge status={delivery.status} reason={delivery.reason} />
                  {delivery.reason && (
                    <Text size="xs" c="dimmed">
                      {delivery.reason}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          )}
        />
      </Stack>
      {outbox}
    </Stack>
  );
}
