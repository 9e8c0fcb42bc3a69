import { useState } from 'react';
import { Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { PasswordStep } from './password-step';
import { TwoFactorSetup } from './two-factor-setup';

/**
 * Settings page → "Two-factor sign-in" (decision 021): on or off, turning it on (TwoFactorSetup) and
 * off (with the password). When the organisation requires it, it cannot be turned off here.
 */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  // Kept until the user is done with the recovery codes, although the status says "on" by then.
  const [settingUp, setSettingUp] = useState(false);

  let content;
  if (settingUp) {
    content = <TwoFactorSetup onDone={() => setSettingUp(false)} onCancel={() => setSettingUp(false)} />;
  } else if (status.isPending) {
    content = <Skeleton height={72} aria-hidden="true" />;
  } else if (status.isError) {
    content = (
      <Group>
        <Text size="sm">{t('twoFactor.error.status')}</Text>
        <Button variant="light" onClick={() => void status.refetch()}>
          {t('common.retry')}
        </Button>
      </Group>
    );
  } else if (status.data.enabled) {
    content = <TurnOff required={status.data.required} />;
  } else {
    content = (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('twoFactor.section.offText')}</Text>
        <Button onClick={() => setSettingUp(true)}>{t('twoFactor.section.turnOn')}</Button>
      </Stack>
    );
  }

  return (
    <section aria-labelledby="settings-two-factor-title" data-testid="two-factor-section">
      <Stack gap="md" maw={480}>
        <Group gap="sm">
          <Title order={2} size="h3" id="settings-two-factor-title">
            {t('twoFactor.section.title')}
          </Title>
          {status.data && !settingUp && (
            <Badge color={status.data.enabled ? 'green' : 'gray'} variant="light">
              {t(status.data.enabled ? 'twoFactor.section.on' : 'twoFactor.section.off')}
            </Badge>
          )}
        </Group>
        {content}
      </Stack>
    </section>
  );
}

function TurnOff({ required }: { required: boolean }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();
  const [open, setOpen] = useState(false);

  if (required) return <Text size="sm">{t('twoFactor.section.requiredText')}</Text>;
  if (!open) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('twoFactor.section.onText')}</Text>
        <Button variant="default" color="red" onClick={() => setOpen(true)}>
          {t('twoFactor.section.turnOff')}
        </Button>
      </Stack>
    );
  }

  return (
    <PasswordStep
      testId="two-factor-turn-off"
      intro={t('twoFactor.section.turnOffIntro')}
      submitLabel={t('twoFactor.section.turnOff')}
      color="red"
      pending={disable.isPending}
      onPassword={(password, onError) =>
        disable.mutate(password, {
          onSuccess: () => {
            showToast({
              id: 'two-factor-off',
              type: 'success',
              title: t('twoFactor.section.turnedOffTitle'),
              message: t('twoFactor.section.turnedOffText'),
            });
          },
          onError,
        })
      }
      onCancel={() => setOpen(false)}
    />
  );
}
