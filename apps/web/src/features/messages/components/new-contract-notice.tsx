import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconFileCertificate } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { formatCalendarDate, useCulture } from '../../../lib/date-time';
import { useContractMessage } from '../api/get-contract-message';

/** Remembered per contract: a new contract opens again in full. */
export const collapsedNoticeKey = (reference: string) => `cockpit.contractNotice.collapsed.${reference}`;

function readCollapsed(reference: string): boolean {
  try {
    return localStorage.getItem(collapsedNoticeKey(reference)) === '1';
  } catch {
    return false; // storage disabled by the browser
  }
}

function writeCollapsed(reference: string, collapsed: boolean): void {
  try {
    if (collapsed) localStorage.setItem(collapsedNoticeKey(reference), '1');
    else localStorage.removeItem(collapsedNoticeKey(reference));
  } catch {
    // storage disabled: the choice lasts until the page is reloaded
  }
}

/**
 * docs/product.md §2 New-contract notice: shown only to an organisation administrator (the caller decides) and
 * only while the message service says a contract message is available; its button leads to the
 * contract center, where accepting the contract ends the notice. Once read, it can be folded to one
 * line (remembered for this contract) — it stays until the contract is accepted, but no longer takes
 * the top of every page.
 */
export function NewContractNotice() {
  const { t } = useTranslation();
  const culture = useCulture();
  const contract = useContractMessage(true);
  const item = contract.data?.available ? contract.data.item : null;
  const [collapsedFor, setCollapsedFor] = useState<Record<string, boolean>>({});
  if (!item) return null;

  const collapsed = collapsedFor[item.reference] ?? readCollapsed(item.reference);
  const setCollapsed = (next: boolean) => {
    writeCollapsed(item.reference, next);
    setCollapsedFor((current) => ({ ...current, [item.reference]: next }));
  };

  if (collapsed) {
    return (
      <Paper
        withBorder
        radius="md"
        px="sm"
        py={6}
        mb="sm"
        bg="var(--mantine-color-orange-light)"
        data-testid="new-contract-notice"
        data-collapsed
      >
        <Group gap="sm" wrap="nowrap">
          <IconFileCertificate size={18} aria-hidden="true" color="var(--mantine-color-orange-filled)" />
          <Text size="sm" fw={500} truncate style={{ flex: 1, minWidth: 0 }}>
            {t('messages.contract.oneLine', { reference: item.reference })}
          </Text>
          <Button
            component={Link}
            to={paths.contractCenter.getHref()}
            color="orange"
            size="compact-sm"
            variant="light"
          >
            {t('messages.contract.open')}
          </Button>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => setCollapsed(false)}
            aria-label={t('messages.contract.expand')}
            aria-expanded={false}
          >
            <IconChevronDown size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
      </Paper>
    );
  }

  return (
    <Alert
      color="orange"
      variant="light"
      radius="md"
      icon={<IconFileCertificate size={22} aria-hidden="true" />}
      title={t('messages.contract.title')}
      mb="sm"
      data-testid="new-contract-notice"
    >
      <Group justify="space-between" align="center" gap="md">
        <Text size="sm">
          {t('messages.contract.text', {
            reference: item.reference,
            date: formatCalendarDate(item.startsOn, culture, 'medium'),
          })}
        </Text>
        <Group gap="xs">
          <Button component={Link} to={paths.contractCenter.getHref()} color="orange">
            {t('messages.contract.open')}
          </Button>
          <Button
            variant="subtle"
            color="orange"
            leftSection={<IconChevronUp size={16} aria-hidden="true" />}
            onClick={() => setCollapsed(true)}
            aria-expanded
          >
            {t('messages.contract.collapse')}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
