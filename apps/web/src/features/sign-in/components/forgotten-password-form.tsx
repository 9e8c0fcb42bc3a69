import { useState, type FormEvent } from 'react';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { passwordResetLinkMinutes } from '@cockpit/contracts';
import { Alert } from '../../../components/ui/plain/alert';
import { Button } from '../../../components/ui/plain/button';
import { paths } from '../../../config/paths';
import { isApiRequestError } from '../../../lib/api-client';
import { requestPasswordReset } from '../api/password-reset';
import { EmailField, FormError } from './form-fields';
import classes from './login-form.module.css';

/** Enough of an address to be worth asking for (the server checks it properly). */
const addressPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * "Forgot password?" (docs/decisions/031-forgotten-passwords.md): the e-mail address, then always the
 * same answer — "if an account exists for this address, we sent a link" — whether or not one does. Built
 * from the plain components like the login form it is reached from.
 */
export function ForgottenPasswordForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (!addressPattern.test(email.trim())) {
      setFieldError(t('forgottenPassword.emailInvalid'));
      return;
    }
    setFieldError(undefined);
    setPending(true);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (error) {
      setFormError(
        t(
          isApiRequestError(error) && error.status === 429
            ? 'forgottenPassword.rateLimited'
            : 'forgottenPassword.error',
        ),
      );
    } finally {
      setPending(false);
    }
  }

  const backToLogin = (
    <a className={classes.link} href={paths.login.getHref()}>
      {t('forgottenPassword.backToLogin')}
    </a>
  );

  if (sent) {
    return (
      <div className={classes.fields}>
        <Alert color="green" icon={<IconMailCheck aria-hidden="true" />} data-testid="password-reset-sent">
          {t('forgottenPassword.sent', { minutes: passwordResetLinkMinutes })}
        </Alert>
        {backToLogin}
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={t('forgottenPassword.title')}>
      <div className={classes.fields}>
        <FormError message={formError} />
        <EmailField
          label={t('forgottenPassword.email')}
          value={email}
          onChange={setEmail}
          error={fieldError}
        />
        <Button type="submit" loading={pending} fullWidth>
          {t('forgottenPassword.submit')}
        </Button>
        {backToLogin}
      </div>
    </form>
  );
}
