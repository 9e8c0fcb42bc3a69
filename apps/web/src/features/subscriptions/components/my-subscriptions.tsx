import { useState } from 'react';
import { Badge, Button, Group, Modal, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AlertCondition, DeliveryStatus, SubscriptionView } from '@cockpit/contracts';
import { QueryTable } from '../../../components/ui/query-table';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showToast } from '../../../lib/toast';
import {
  bodyOf,
  useDeliverySettings,
  useMySubscriptions,
  useSubscriptionActions,
} from '../api/subscriptions';
import { scheduleText } from './schedule-text';
import { SubscriptionForm } from './subscription-form';
import { timeZones } from './time-zones';

/** An alert's state as its badge says it. */
const alertStateLabelKeys = {
  normal: 'subscriptions.alerts.state.normal',
  triggered: 'subscriptions.alerts.state.triggered',
} as const;

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

/** "Paused" beside a subscription's schedule. */
export function PausedBadge(props: { ml?: number; 'data-testid'?: string }) {
  const { t } = useTranslation();
  return (
    <Badge color="gray" {...props}>
      {t('subscriptions.paused')}
    </Badge>
  );
}

/** A subscription's last delivery as its status badge, or a dash before the first. */
export function LastDelivery({ delivery }: { delivery: SubscriptionView['lastDelivery'] }) {
  if (!delivery) {
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  }
  return <DeliveryStatusBadge status={delivery.status} reason={delivery.reason} />;
}

/** Settings → My subscriptions (decision 029): time zone, my subscriptions and my alerts with their last delivery. */
export function MySubscriptions() {
  const { t } = useTranslation();
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
          data={[...timeZones]}
          allowDeselect={false}
          onChange={(value) => value && actions.setTimeZone.mutate(value)}
        />
      )}
      <SubscriptionsTable
        query={list}
        kind="subscription"
        empty={{ headline: t('subscriptions.none'), text: t('subscriptions.noneText') }}
        testId="my-subscriptions-table"
      />
      <Title order={3} size="h4" id="my-alerts-heading">
        {t('subscriptions.alerts.heading')}
      </Title>
      <SubscriptionsTable
        query={list}
        kind="alert"
        empty={{ headline: t('subscriptions.alerts.none'), text: t('subscriptions.alerts.noneText') }}
        testId="my-alerts-table"
      />
    </Stack>
  );
}

/** The condition of an alert in words ("Revenue is above 1,000"), with the server's texts. */
export function conditionText(condition: AlertCondition, t: TFunction, locale: string): string {
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  switch (condition.test) {
    case 'above':
      return t('subscriptions.condition.above', { column: condition.column, value: number(condition.value) });
    case 'below':
      return t('subscriptions.condition.below', { column: condition.column, value: number(condition.value) });
    case 'changed-by':
      return t('subscriptions.condition.changedBy', {
        column: condition.column,
        percent: number(condition.percent),
      });
    case 'has-rows':
      return t('subscriptions.condition.hasRows');
    case 'no-rows':
      return t('subscriptions.condition.noRows');
  }
}

/** One table of my subscriptions or my alerts: edit in place, send (or check) now, pause, delete. */
function SubscriptionsTable({
  query,
  kind,
  empty,
  testId,
}: {
  query: ReturnType<typeof useMySubscriptions>;
  kind: SubscriptionView['kind'];
  empty: { headline: string; text: string };
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const titleOf = (subscription: SubscriptionView) => subscription.title || subscription.targetName;

  return (
    <>
      <QueryTable
        query={query}
        items={(data) => data.subscriptions.filter((subscription) => subscription.kind === kind)}
        empty={{ icon: 'search', ...empty }}
        columns={[
          t('subscriptions.report'),
          t('subscriptions.when'),
          t('subscriptions.lastDelivery'),
          t('subscriptions.actions'),
        ]}
        minWidth={720}
        data-testid={testId}
        renderRow={(subscription) => (
          <Table.Tr key={subscription.id} data-testid="subscription-row">
            <Table.Td>
              <Text size="sm" fw={500}>
                {titleOf(subscription)}
              </Text>
              {subscription.condition && (
                <Group gap={6}>
                  <Text size="xs" c="dimmed">
                    {conditionText(subscription.condition, t, i18n.language)}
                  </Text>
                  <Badge
                    size="xs"
                    variant="light"
                    color={subscription.alertState === 'triggered' ? 'orange' : 'gray'}
                    data-testid="alert-state"
                  >
                    {t(alertStateLabelKeys[subscription.alertState])}
                  </Badge>
                </Group>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {scheduleText(subscription.schedule, t, i18n.language)} ({subscription.timeZone})
              </Text>
              {subscription.paused && <PausedBadge data-testid="paused" />}
            </Table.Td>
            <Table.Td>
              <LastDelivery delivery={subscription.lastDelivery} />
            </Table.Td>
            <Table.Td>
              <SubscriptionActions subscription={subscription} />
            </Table.Td>
          </Table.Tr>
        )}
      />
    </>
  );
}

/**
 * A subscription's or alert's actions, for its owner: edit in place, send (or check) now, pause or
 * resume, delete after asking — in My subscriptions and, for those made for others, Management → Mail.
 */
export function SubscriptionActions({ subscription }: { subscription: SubscriptionView }) {
  const { t } = useTranslation();
  const actions = useSubscriptionActions();
  const [editing, setEditing] = useState<SubscriptionView | null>(null);
  const [deleting, setDeleting] = useState<SubscriptionView | null>(null);
  const titleOf = (shown: SubscriptionView) => shown.title || shown.targetName;
  return (
    <>
      <Group gap={6} wrap="nowrap">
        <Button size="xs" variant="light" onClick={() => setEditing(subscription)}>
          {t('subscriptions.edit')}
        </Button>
        <Button
          size="xs"
          variant="light"
          onClick={() =>
            actions.sendNow.mutate(subscription.id, {
              onSuccess: () =>
                showToast({
                  type: 'success',
                  title: t(
                    subscription.kind === 'alert' ? 'subscriptions.checkNow' : 'subscriptions.sendNow',
                  ),
                  message: t(
                    subscription.kind === 'alert' ? 'subscriptions.checkingNow' : 'subscriptions.sendingNow',
                  ),
                }),
            })
          }
        >
          {t(subscription.kind === 'alert' ? 'subscriptions.checkNow' : 'subscriptions.sendNow')}
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
        <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(subscription)}>
          {t('subscriptions.delete')}
        </Button>
      </Group>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing?.kind === 'alert' ? 'subscriptions.alerts.editTitle' : 'subscriptions.editTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {editing && (
          <SubscriptionForm
            kind={editing.kind}
            targetKind={editing.targetKind}
            targetName={editing.targetName}
            parameterValues={editing.parameterValues}
            existing={editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      {deleting && (
        <ConfirmDialog
          title={t('subscriptions.deleteTitle')}
          confirmLabel={t('subscriptions.delete')}
          danger
          pending={actions.remove.isPending}
          failed={actions.remove.isError}
          onConfirm={() => actions.remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
          onClose={() => {
            actions.remove.reset();
            setDeleting(null);
          }}
        >
          {t('subscriptions.deleteQuestion', { title: titleOf(deleting) })}
        </ConfirmDialog>
      )}
    </>
  );
}
