import { useState } from 'react';
import { Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useManagedDeliveries, useOutbox, useOutboxMail } from '../api/subscriptions';
import { DeliveryStatusBadge } from './my-subscriptions';

const when = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

/** Management → Mail (decision 029): every delivery with its status, and the outbox without SMTP_URL. */
export function MailManagement() {
  const { t, i18n } = useTranslation();
  const deliveries = useManagedDeliveries();
  const outbox = useOutbox();
  const [open, setOpen] = useState<string | null>(null);
  const mail = useOutboxMail(open);

  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby="deliveries-heading">
        <Title order={2} size="h3" id="deliveries-heading">
          {t('subscriptions.deliveries')}
        </Title>
        {deliveries.data?.deliveries.length === 0 && (
          <Text c="dimmed">{t('subscriptions.noDeliveries')}</Text>
        )}
        {deliveries.data && deliveries.data.deliveries.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table data-testid="deliveries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('subscriptions.at')}</Table.Th>
                  <Table.Th>{t('subscriptions.report')}</Table.Th>
                  <Table.Th>{t('subscriptions.recipient')}</Table.Th>
                  <Table.Th>{t('subscriptions.statusLabel')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {deliveries.data.deliveries.map((delivery) => (
                  <Table.Tr key={delivery.id}>
                    <Table.Td>{when(delivery.updatedAt, i18n.language)}</Table.Td>
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
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="outbox-heading">
        <Group gap="sm">
          <Title order={2} size="h3" id="outbox-heading">
            {t('subscriptions.outbox')}
          </Title>
          {outbox.data && (
            <Badge variant="light">
              {outbox.data.via === 'smtp' ? t('subscriptions.viaSmtp') : t('subscriptions.viaOutbox')}
            </Badge>
          )}
        </Group>
        {outbox.data?.mails.length === 0 && <Text c="dimmed">{t('subscriptions.outboxEmpty')}</Text>}
        {outbox.data && outbox.data.mails.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table data-testid="outbox">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('subscriptions.at')}</Table.Th>
                  <Table.Th>{t('subscriptions.recipient')}</Table.Th>
                  <Table.Th>{t('subscriptions.subject')}</Table.Th>
                  <Table.Th>{t('subscriptions.attachments')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {outbox.data.mails.map((item) => (
                  <Table.Tr key={item.id} data-testid="outbox-row">
                    <Table.Td>{when(item.createdAt, i18n.language)}</Table.Td>
                    <Table.Td>{item.to}</Table.Td>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() => setOpen(open === item.id ? null : item.id)}
                      >
                        {item.subject}
                      </Button>
                    </Table.Td>
                    <Table.Td>
                      {item.attachments.map((attachment) => attachment.filename).join(', ')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {open && mail.data && (
          <Stack gap={4} data-testid="outbox-mail">
            <Text fw={600}>{mail.data.subject}</Text>
            <Code block>{mail.data.text}</Code>
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
