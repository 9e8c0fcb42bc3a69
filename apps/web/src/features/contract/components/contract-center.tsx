import { useState } from 'react';
import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../components/ui/query-table';
import { showToast } from '../../../lib/toast';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { useAcceptContract } from '../api/accept-contract';
import { useContractOverview } from '../api/get-contract';
import { formatCalendarDate, useCulture } from '../../../lib/date-time';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ContractDetails } from './contract-details';
import classes from './contract-center.module.css';

type ContractCenterProps = {
  /** Called once a contract was accepted: the app ends the new-contract notice (docs/product.md §2). */
  onAccepted?: () => void;
};

/**
 * docs/product.md §D.3 Contract center (docs/product.md §2 `/management/administrator/contractcenter`): the current
 * contract and how much of it is used, and the pending new contract with an accept action.
 */
export function ContractCenter({ onAccepted }: ContractCenterProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const culture = useCulture();
  const overview = useContractOverview(language);
  const accept = useAcceptContract(onAccepted);
  const [confirming, setConfirming] = useState(false);

  if (!overview.isSuccess) return <QueryStatus query={overview} />;

  const { current, pending, usage } = overview.data;
  const seatShare = current ? Math.min(100, Math.round((usage.activeUsers / current.seats) * 100)) : 0;

  return (
    <Stack gap="lg">
      {pending && (
        <Paper
          withBorder
          radius="md"
          p="lg"
          className={classes.pending}
          component="section"
          aria-labelledby="pending-heading"
          data-testid="pending-contract"
        >
          <Stack gap="md">
            <div>
              <Title order={2} size="h3" id="pending-heading">
                {t('management.contract.pendingTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('management.contract.pendingText', {
                  date: formatCalendarDate(pending.startsOn, culture),
                })}
              </Text>
            </div>
            <ContractDetails contract={pending} />
            <Group>
              <Button
                color="orange"
                leftSection={<IconCircleCheck size={18} aria-hidden="true" />}
                onClick={() => setConfirming(true)}
              >
                {t('management.contract.accept')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}

      <Paper
        withBorder
        radius="md"
        p="lg"
        component="section"
        aria-labelledby="current-heading"
        data-testid="current-contract"
      >
        <Stack gap="md">
          <Title order={2} size="h3" id="current-heading">
            {t('management.contract.currentTitle', { organisation: overview.data.organisationName })}
          </Title>
          {current ? (
            <>
              <ContractDetails contract={current} />
              <Stack gap={6}>
                <Text size="sm" fw={600}>
                  {t('management.contract.usage', { used: usage.activeUsers, count: current.seats })}
                </Text>
                <Progress
                  value={seatShare}
                  color={usage.activeUsers > current.seats ? 'red' : 'blue'}
                  aria-label={t('management.contract.usage', {
                    used: usage.activeUsers,
                    count: current.seats,
                  })}
                />
                <Text size="sm" c="dimmed">
                  {t('management.contract.usageByTier', { basic: usage.basicUsers, pro: usage.proUsers })}
                </Text>
              </Stack>
            </>
          ) : (
            <Text c="dimmed">{t('management.contract.noCurrent')}</Text>
          )}
        </Stack>
      </Paper>

      {confirming && pending && (
        <ConfirmDialog
          title={t('management.contract.acceptTitle', { reference: pending.reference })}
          confirmLabel={t('management.contract.accept')}
          pending={accept.isPending}
          failed={accept.isError}
          onClose={() => {
            accept.reset();
            setConfirming(false);
          }}
          onConfirm={() =>
            accept.mutate(pending.id, {
              onSuccess: () => {
                showToast({
                  type: 'success',
                  title: t('management.contract.accepted'),
                  message: pending.reference,
                });
                setConfirming(false);
              },
            })
          }
        >
          {current
            ? t('management.contract.acceptText', {
                reference: pending.reference,
                current: current.reference,
              })
            : t('management.contract.acceptTextFirst', { reference: pending.reference })}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
