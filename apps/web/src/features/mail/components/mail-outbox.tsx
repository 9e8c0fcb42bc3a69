import { useState } from 'react';
import { Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryTable } from '../../../components/ui/query-table';
import { formatShortDateTime, useCulture } from '../../../lib/date-time';
import { useOutbox, useOutboxMail } from '../api/get-outbox';

/**
 * Management → Mail → Outbox (decision 029): the mails the cockpit wrote instead of sending them (no
 * SMTP_URL), newest first; a subject opens the mail's text.
 */
export function MailOutbox() {
  const { t } = useTranslation();
  // Dates in the UI's culture, as every screen writes them (decision 030).
  const culture = useCulture();
  const outbox = useOutbox();
  const [open, setOpen] = useState<string | null>(null);
  const mail = useOutboxMail(open);

  return (
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
      <QueryTable
        query={outbox}
        items={(data) => data.mails}
        empty={{
          icon: 'search',
          headline: t('subscriptions.outboxEmpty'),
          text: t('subscriptions.outboxEmptyText'),
        }}
        columns={[
          t('subscriptions.at'),
          t('subscriptions.recipient'),
          t('subscriptions.subject'),
          t('subscriptions.attachments'),
        ]}
        minWidth={640}
        data-testid="outbox"
        renderRow={(item) => (
          <Table.Tr key={item.id} data-testid="outbox-row">
            <Table.Td>{formatShortDateTime(item.createdAt, culture)}</Table.Td>
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
            <Table.Td>{item.attachments.map((attachment) => attachment.filename).join(', ')}</Table.Td>
          </Table.Tr>
        )}
      />
      {open && mail.data && (
        <Stack gap={4} data-testid="outbox-mail">
          <Text fw={600}>{mail.data.subject}</Text>
          {/* Long links wrap; the block stays reachable by keyboard where it still scrolls. */}
          <Code block tabIndex={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {mail.data.text}
          </Code>
        </Stack>
      )}
    </Stack>
  );
}
