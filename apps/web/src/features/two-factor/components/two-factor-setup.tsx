import { useState, type FormEvent } from 'react';
import { Code, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TwoFactorEnableResponse } from '@cockpit/contracts';
import { isApiRequestError } from '../../../lib/api-client';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { PasswordStep, StepActions, StepError } from './password-step';
import { RecoveryCodes } from './recovery-codes';
import { TotpQrCode } from './totp-qr-code';

type TwoFactorSetupProps = {
  /** After the recovery codes were shown and the user is done with them. */
  onDone: () => void;
  onCancel?: () => void;
};

/** The key of an `otpauth://` URI in groups of four, as people type it into an app. */
function keyOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Turning two-factor sign-in on (decision 021): the password, then the QR code and the key as text,
 * confirmed with a code of the app, then the ten recovery codes, shown once. Used on the settings page
 * and on the set-up screen the organisation's policy sends people to.
 */
export function TwoFactorSetup({ onDone, onCancel }: TwoFactorSetupProps) {
  const { t } = useTranslation();
  const enable = useEnableTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<TwoFactorEnableResponse | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const trimmed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(trimmed)) {
      setError(t('twoFactor.error.codeFormat'));
      return;
    }
    confirm.mutate(trimmed, {
      onSuccess: () => setConfirmed(true),
      onError: (failure) => {
        const status = isApiRequestError(failure) ? failure.status : 0;
        setError(
          t(
            status === 401
              ? 'twoFactor.error.wrongCode'
              : status === 429
                ? 'twoFactor.error.tooMany'
                : 'twoFactor.error.generic',
          ),
        );
      },
    });
  }

  if (setup && confirmed) return <RecoveryCodes codes={setup.backupCodes} onDone={onDone} />;

  if (setup) {
    return (
      <form onSubmit={submitCode} noValidate data-testid="two-factor-scan">
        <Stack gap="md">
          <Text size="sm">{t('twoFactor.setup.scan')}</Text>
          <TotpQrCode uri={setup.totpURI} />
          <div>
            <Text size="sm" id="two-factor-key-label">
              {t('twoFactor.setup.keyLabel')}
            </Text>
            {/* Wrapped between the groups of four: a scrolling box would need its own keyboard stop (axe). */}
            <Code
              block
              fz="md"
              style={{ whiteSpace: 'pre-wrap' }}
              aria-labelledby="two-factor-key-label"
              data-testid="two-factor-key"
            >
              {keyOf(setup.totpURI)}
            </Code>
          </div>
          <StepError error={error} />
          <TextInput
            label={t('twoFactor.setup.codeLabel')}
            description={t('twoFactor.setup.codeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            aria-required="true"
          />
          <StepActions
            submitLabel={t('twoFactor.setup.confirm')}
            pending={confirm.isPending}
            onCancel={onCancel}
          />
        </Stack>
      </form>
    );
  }

  return (
    <PasswordStep
      testId="two-factor-password"
      intro={t('twoFactor.setup.passwordIntro')}
      submitLabel={t('twoFactor.setup.continue')}
      pending={enable.isPending}
      onPassword={(password, onError) => enable.mutate(password, { onSuccess: setSetup, onError })}
      onCancel={onCancel}
    />
  );
}
