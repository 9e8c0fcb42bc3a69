import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ManagedUser } from '@cockpit/contracts';
import {
  newPasswordLengthMessage,
  passwordRulesText,
  refusedPasswordMessage,
} from '../../../lib/password-rules';
import { useResetUserPassword } from '../api/reset-user-password';
import { OneTimePasswordShown } from './one-time-password-shown';

type ResetPasswordDialogProps = {
  user: ManagedUser;
  onClose: () => void;
  onDone: (user: ManagedUser) => void;
};

// Letters and digits without look-alikes (0/O, 1/l/I): the administrator passes the password on by hand.
const generatedAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const generatedLength = 16;

/** A random password of 16 characters (≈ 93 bits), from the browser's cryptographic generator. */
export function generateOneTimePassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(generatedLength * 2));
  let password = '';
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % generatedAlphabet.length);
  for (const byte of bytes) {
    if (byte >= limit) continue;
    password += generatedAlphabet[byte % generatedAlphabet.length];
    if (password.length === generatedLength) return password;
  }
  return password + generateOneTimePassword().slice(password.length);
}

/** "Generate a password" below a one-time password field: a new one, shown so that it can be passed on. */
export function GeneratePasswordButton({ onGenerate }: { onGenerate: (password: string) => void }) {
  const { t } = useTranslation();
  return (
    <Group>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconRefresh size={14} aria-hidden="true" />}
        onClick={() => onGenerate(generateOneTimePassword())}
      >
        {t('management.users.generatePassword')}
      </Button>
    </Group>
  );
}

/**
 * "Set one-time password" (decision 022): the administrator sets a new password for a user of their
 * organisation — typed or generated — under the rules of every new password. The user's sessions end at
 * once, and they must choose their own password at the next sign-in.
 */
export function ResetPasswordDialog({ user, onClose, onDone }: ResetPasswordDialogProps) {
  const { t } = useTranslation();
  const reset = useResetUserPassword();
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  // Checked from the first attempt on, then on every change (the message goes away once fixed).
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  // Set: the password is shown once with a Copy button before the dialog closes.
  const [done, setDone] = useState<ManagedUser | null>(null);

  const lengthProblem = submitted ? newPasswordLengthMessage(t, password) : null;
  const fieldError = lengthProblem ?? refused ?? undefined;

  function change(value: string) {
    setPassword(value);
    setRefused(null);
    reset.reset();
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (newPasswordLengthMessage(t, password) !== null) return;
    reset.mutate(
      { id: user.id, password },
      {
        onSuccess: (changed) => setDone(changed),
        onError: (error) => setRefused(refusedPasswordMessage(t, error)),
      },
    );
  }

  const failed = reset.isError && refused === null;
  return (
    <Modal
      opened
      onClose={done ? () => onDone(done) : onClose}
      title={t('management.users.setPasswordTitle', { name: user.name })}
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {done ? (
        <OneTimePasswordShown name={done.name} password={password} onDone={() => onDone(done)} />
      ) : (
        <form onSubmit={handleSubmit} noValidate data-testid="reset-password-form">
          <Stack gap="sm">
            <Text size="sm">{t('management.users.setPasswordText', { name: user.name })}</Text>
            <PasswordInput
              label={t('management.users.oneTimePassword')}
              description={passwordRulesText(t)}
              value={password}
              onChange={(event) => change(event.currentTarget.value)}
              visible={visible}
              onVisibilityChange={setVisible}
              error={fieldError}
              required
              autoComplete="new-password"
              data-autofocus
            />
            <GeneratePasswordButton
              onGenerate={(password) => {
                change(password);
                setVisible(true);
              }}
            />
            {failed && (
              <Alert color="red" role="alert">
                {t('management.errors.saveFailed')}
              </Alert>
            )}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={reset.isPending}>
                {t('management.users.setPassword')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
