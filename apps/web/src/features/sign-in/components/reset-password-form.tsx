import { useState, type FormEvent } from 'react';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorCodes } from '@cockpit/contracts';
import { Alert } from '../../../components/ui/plain/alert';
import { Button } from '../../../components/ui/plain/button';
import { PasswordField } from '../../../components/ui/plain/text-field';
import { paths } from '../../../config/paths';
import { isApiRequestError } from '../../../lib/api-client';
import {
  newPasswordLengthMessage,
  passwordRulesText,
  refusedPasswordMessage,
} from '../../../lib/password-rules';
import { completePasswordReset } from '../api/password-reset';
import { FormError } from './form-fields';
import classes from './login-form.module.css';

type FieldErrors = { newPassword?: string; confirmPassword?: string };

/** The token of the mail's link: in the fragment (`#token=…`), which no server and no log ever sees. */
export function resetTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && token.length <= 200 ? token : null;
}

/**
 * "Choose a new password" from the forgotten-password mail (docs/decisions/031-forgotten-passwords.md):
 * the new password twice, under the password rules of decision 022 (length here, the common, personal
 * and guessable ones by the server's answer). Afterwards every session of the account has ended and the
 * user signs in with the new password. A used or expired link says so and offers a new one.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [state, setState] = useState<'form' | 'done' | 'link-used'>(token ? 'form' : 'link-used');

  function set(field: keyof FieldErrors, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found: FieldErrors = {};
    const lengthProblem = newPasswordLengthMessage(t, values.newPassword);
    if (lengthProblem !== null) found.newPassword = lengthProblem;
    else if (values.confirmPassword !== values.newPassword)
      found.confirmPassword = t('resetPassword.mismatch');
    setErrors(found);
    if (Object.keys(found).length > 0 || !token) return;
    setPending(true);
    try {
      await completePasswordReset(token, values.newPassword);
      setValues({ newPassword: '', confirmPassword: '' });
      setState('done');
    } catch (error) {
      const refused = refusedPasswordMessage(t, error);
      if (refused !== null) setErrors({ newPassword: refused });
      else if (isApiRequestError(error) && error.status === 410) setState('link-used');
      else if (isApiRequestError(error) && error.code === errorCodes.singleSignOnRequired) {
        setFormError(t('login.error.singleSignOnRequired'));
      } else if (isApiRequestError(error) && error.status === 429)
        setFormError(t('forgottenPassword.rateLimited'));
      else setFormError(t('resetPassword.error'));
    } finally {
      setPending(false);
    }
  }

  if (state === 'done') {
    return (
      <div className={classes.fields}>
        <Alert color="green" icon={<IconCircleCheck aria-hidden="true" />} data-testid="password-reset-done">
          {t('resetPassword.done')}
        </Alert>
        <a className={classes.link} href={paths.login.getHref()}>
          {t('resetPassword.signIn')}
        </a>
      </div>
    );
  }

  if (state === 'link-used') {
    return (
      <div className={classes.fields}>
        <Alert color="orange" icon={<IconAlertCircle aria-hidden="true" />}>
          {t('resetPassword.linkUsed')}
        </Alert>
        <a className={classes.link} href={paths.forgotPassword.getHref()}>
          {t('resetPassword.requestNew')}
        </a>
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={t('resetPassword.title')}>
      <div className={classes.fields}>
        <p className={classes.text}>{passwordRulesText(t)}</p>
        <FormError message={formError} />
        <PasswordField
          label={t('resetPassword.new')}
          toggleLabel={t('login.showPassword')}
          name="new-password"
          autoComplete="new-password"
          aria-required="true"
          value={values.newPassword}
          onChange={(event) => set('newPassword', event.currentTarget.value)}
          error={errors.newPassword}
        />
        <PasswordField
          label={t('resetPassword.confirm')}
          toggleLabel={t('login.showPassword')}
          name="confirm-password"
          autoComplete="new-password"
          aria-required="true"
          value={values.confirmPassword}
          onChange={(event) => set('confirmPassword', event.currentTarget.value)}
          error={errors.confirmPassword}
        />
        <Button type="submit" loading={pending} fullWidth>
          {t('resetPassword.submit')}
        </Button>
      </div>
    </form>
  );
}
