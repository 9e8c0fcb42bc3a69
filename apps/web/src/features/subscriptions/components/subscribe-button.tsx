import { useState } from 'react';
import { Button, Modal } from '@mantine/core';
import { IconBellPlus, IconMailPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ParameterValues } from '@cockpit/contracts';
import { SubscriptionForm } from './subscription-form';

export type SubscribeButtonProps = {
  targetKind: 'report' | 'dashboard';
  targetName: string;
  /** The values the page shows now: the dialog starts from them. */
  parameterValues: ParameterValues;
};

/** "Subscribe" on a report or dashboard page (decision 029): its values, a schedule, what the mail includes. */
export function SubscribeButton({ targetKind, targetName, parameterValues }: SubscribeButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconMailPlus size={18} aria-hidden />}
        onClick={() => setOpened(true)}
        data-testid="subscribe-button"
      >
        {t('subscriptions.subscribe')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t(
          targetKind === 'dashboard' ? 'subscriptions.dashboardDialogTitle' : 'subscriptions.dialogTitle',
        )}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {opened && (
          <SubscriptionForm
            kind="subscription"
            targetKind={targetKind}
            targetName={targetName}
            parameterValues={parameterValues}
            onDone={() => setOpened(false)}
          />
        )}
      </Modal>
    </>
  );
}

/**
 * "Set alert" on a report page (decision 029): a condition on a column of its result (or on whether it
 * has rows), checked on a schedule; a live notification when it starts to hold, and optionally a mail.
 */
export function SetAlertButton({ targetName, parameterValues }: Omit<SubscribeButtonProps, 'targetKind'>) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconBellPlus size={18} aria-hidden />}
        onClick={() => setOpened(true)}
        data-testid="set-alert-button"
      >
        {t('subscriptions.alerts.set')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('subscriptions.alerts.dialogTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {opened && (
          <SubscriptionForm
            kind="alert"
            targetKind="report"
            targetName={targetName}
            parameterValues={parameterValues}
            onDone={() => setOpened(false)}
          />
        )}
      </Modal>
    </>
  );
}
