import { Alert, Button, Group, Text } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { formatCalendarDate, useCulture } from '../../../lib/date-time';
import { useContractMessage } from '../api/get-contract-message';

/**
 * spec §2 New-contract notice: shown only to an organisation administrator (the caller decides) and
 * only while the message service says a contract message is available; its button leads to the
 * contract center, where accepting the contract ends the notice.
 */
export function NewContractNotice() {
  const { t } = useTranslation();
  const culture = useCulture();
  const contract = useContractMessage(true);
  const item = contract.data?.available ? contract.data.item : null;
  if (!item) return null;

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
          {t('messages.contract.text', { reference: item.reference, date: formatCalendarDate(item.startsOn, culture, 'medium') })}
        </Text>
        <Button component={Link} to={paths.contractCenter.getHref()} color="orange">
          {t('messages.contract.open')}
        </Button>
      </Group>
    </Alert>
  );
}
