import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../lib/api-client';

/** A step's failure, announced (role="alert"). */
export function StepError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {error}
    </Alert>
  );
}

type StepActionsProps = {
  submitLabel: string;
  /** Red for turning two-factor sign-in off. */
  color?: string;
  pending: boolean;
  onCancel?: () => void;
};

/** The submit button of a two-factor step and, where the step can be left, Cancel. */
export function StepActions({ submitLabel, color, pending, onCancel }: StepActionsProps) {
  const { t } = useTranslation();
  return (
    <Group>
      <Button type="submit" color={color} loading={pending}>
        {submitLabel}
      </Button>
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      )}
    </Group>
  );
}

type PasswordStepProps = {
  testId: string;
  intro: string;
  submitLabel: string;
  color?: string;
  pending: boolean;
  /** Sends the (non-empty) password; `onError` with the call's failure shows why it did not work. */
  onPassword: (password: string, onError: (failure: unknown) => void) => void;
  onCancel?: () => void;
};

/**
 * The password that turning two-factor sign-in on or off asks for first (decision 021): an empty one is
 * refused here, a wrong one (400) is said as such.
 */
export function PasswordStep({
  testId,
  intro,
  submitLabel,
  color,
  pending,
  onPassword,
  onCancel,
}: PasswordStepProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (password === '') {
      setError(t('twoFactor.setup.passwordRequired'));
      return;
    }
    onPassword(password, (failure) => {
      const wrong = isApiRequestError(failure) && failure.status === 400;
      setError(t(wrong ? 'twoFactor.error.wrongPassword' : 'twoFactor.error.generic'));
    });
  }

  return (
    <form onSubmit={submit} noValidate data-testid={testId}>
      <Stack gap="md">
        <Text size="sm">{intro}</Text>
        <StepError error={error} />
        <PasswordInput
          label={t('twoFactor.setup.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          aria-required="true"
        />
        <StepActions submitLabel={submitLabel} color={color} pending={pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
