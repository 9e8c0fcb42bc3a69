import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorCodes, passwordChangeSchema, passwordMaxLength, passwordMinLength } from '@cockpit/contracts';
import { isApiRequestError } from '../../../lib/api-client';
import { newPasswordLengthMessage, refusedPasswordMessage } from '../../../lib/password-rules';
import { showToast } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type FieldErrors = Partial<Record<Field, string>>;

type PasswordFormProps = {
  /**
   * The forced change after a one-time password (decision 022): the screen around the form has the
   * heading (`labelledBy`), the current password is the one-time one, and `onChanged` continues.
   */
  required?: { labelledBy: string; onChanged: () => void | Promise<void> };
};

/**
 * docs/product.md §D.3 Settings page: password change — and the "Choose a new password" screen (decision 022).
 * The current password is required; the new one follows the contracts' rules (12 to 128 characters),
 * differs from the current one and is typed twice. A wrong current password or a common new one gets
 * its own message from the server's answer.
 */
export function PasswordForm({ required }: PasswordFormProps = {}) {
  const { t } = useTranslation();
  const [continuing, setContinuing] = useState(false);
  const change = useChangePassword();
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  function set(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function validate(): FieldErrors {
    const found: FieldErrors = {};
    const parsed = passwordChangeSchema.safeParse({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'currentPassword')
          found.currentPassword ??= t('settings.password.error.currentRequired');
      }
    }
    const lengthProblem = newPasswordLengthMessage(t, values.newPassword);
    if (lengthProblem !== null) found.newPassword = lengthProblem;
    else if (values.currentPassword !== '' && values.newPassword === values.currentPassword) {
      found.newPassword = t('password.error.unchanged');
    }
    if (!found.newPassword && values.confirmPassword !== values.newPassword) {
      found.confirmPassword = t('settings.password.error.mismatch');
    }
    return found;
  }

  /** After a successful change: a required change continues where the user was going, then the toast. */
  async function afterChange() {
    setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
    if (required) {
      setContinuing(true);
      try {
        await required.onChanged();
      } catch {
        setFormError(t('settings.password.error.generic'));
      } finally {
        setContinuing(false);
      }
    }
    showToast({
      id: 'password-changed',
      type: 'success',
      title: t('settings.password.changed.title'),
      message: t('settings.password.changed.text'),
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        // The mutation does not wait for this callback; afterChange handles its own failure.
        onSuccess: () => void afterChange(),
        onError: (error) => {
          const refused = refusedPasswordMessage(t, error);
          if (refused !== null) {
            setErrors({ newPassword: refused });
          } else if (isApiRequestError(error) && error.code === errorCodes.invalidCurrentPassword) {
            setErrors({ currentPassword: t('settings.password.error.currentWrong') });
          } else if (isApiRequestError(error) && error.status === 429) {
            // Too many wrong current passwords within the hour (decision 009).
            setFormError(t('settings.password.error.tooMany'));
          } else {
            setFormError(t('settings.password.error.generic'));
          }
        },
      },
    );
  }

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-labelledby={required?.labelledBy ?? 'settings-password-title'}
      data-testid="password-form"
    >
      <Stack gap="md" maw={480}>
        {!required && (
          <Title order={2} size="h3" id="settings-password-title">
            {t('settings.password.title')}
          </Title>
        )}
        <Text size="sm" c="dimmed">
          {t('settings.password.rules', { min: passwordMinLength, max: passwordMaxLength })}
        </Text>
        {formError && (
          <Alert role="alert" color="red" variant="light">
            {formError}
          </Alert>
        )}
        <PasswordInput
          label={t(required ? 'passwordChange.current' : 'settings.password.current')}
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={(event) => set('currentPassword', event.currentTarget.value)}
          error={errors.currentPassword}
          aria-required="true"
        />
        <PasswordInput
          label={t('settings.password.new')}
          autoComplete="new-password"
          value={values.newPassword}
          onChange={(event) => set('newPassword', event.currentTarget.value)}
          error={errors.newPassword}
          aria-required="true"
        />
        <PasswordInput
          label={t('settings.password.confirm')}
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(event) => set('confirmPassword', event.currentTarget.value)}
          error={errors.confirmPassword}
          aria-required="true"
        />
        <Group>
          <Button type="submit" loading={change.isPending || continuing}>
            {t(required ? 'passwordChange.submit' : 'settings.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
