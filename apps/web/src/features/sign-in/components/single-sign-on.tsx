import { useState, type FormEvent } from 'react';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isSingleSignOnError, singleSignOnErrorParam, type SingleSignOnError } from '@cockpit/contracts';
import { Alert } from '../../../components/ui/plain/alert';
import { Button } from '../../../components/ui/plain/button';
import { TextField } from '../../../components/ui/plain/text-field';
import { isApiRequestError } from '../../../lib/api-client';
import { startSingleSignOn } from '../api/start-single-sign-on';
import classes from './login-form.module.css';
import styles from './single-sign-on.module.css';

// Static keys (docs/conventions.md: a script checks that every language has them).
const errorKeys: Record<SingleSignOnError, string> = {
  unknown_domain: 'login.sso.error.unknown_domain',
  provider_unavailable: 'login.sso.error.provider_unavailable',
  access_denied: 'login.sso.error.access_denied',
  email_not_verified: 'login.sso.error.email_not_verified',
  deactivated: 'login.sso.error.deactivated',
  wrong_organisation: 'login.sso.error.wrong_organisation',
  invalid_response: 'login.sso.error.invalid_response',
  failed: 'login.sso.error.failed',
};

/** Why the last single sign-on failed: the server sends the browser back to `/login?ssoError=…`. */
function errorFromAddress(): SingleSignOnError | null {
  const value = new URLSearchParams(window.location.search).get(singleSignOnErrorParam);
  if (value === null) return null;
  return isSingleSignOnError(value) ? value : 'failed';
}

type SingleSignOnProps = {
  /** The in-app page to land on once signed in (the login screen's target). */
  redirectTo: string;
};

/**
 * "Sign in with your organisation" (decision 020): the e-mail's domain picks the organisation's OpenID
 * Connect provider; the browser goes there and comes back signed in. Plain components only: the login
 * route stays light (decision 011).
 */
export function SingleSignOn({ redirectTo }: SingleSignOnProps) {
  const { t } = useTranslation();
  const [initialError] = useState(errorFromAddress);
  const [open, setOpen] = useState(initialError !== null);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [error, setError] = useState<SingleSignOnError | null>(initialError);
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const address = email.trim();
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) {
      setEmailError(t('login.sso.emailInvalid'));
      return;
    }
    setEmailError(undefined);
    setPending(true);
    try {
      window.location.assign(await startSingleSignOn(address, redirectTo));
    } catch (failure) {
      setPending(false);
      if (isApiRequestError(failure) && failure.status === 404) setError('unknown_domain');
      else if (isApiRequestError(failure) && failure.status === 400)
        setEmailError(t('login.sso.emailInvalid'));
      else if (isApiRequestError(failure) && failure.status === 429) setError('failed');
      else setError('provider_unavailable');
    }
  }

  return (
    <details
      className={styles.disclosure}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      {/* A disclosure, not a button: the password form keeps the only "Sign in" button. */}
      <summary className={styles.summary}>{t('login.sso.open')}</summary>
      {/* Rendered only when open: its e-mail field must not stand beside the password form's unseen. */}
      {open && (
        <form
          onSubmit={(event) => void handleSubmit(event)}
          noValidate
          aria-label={t('login.sso.title')}
          className={classes.fields}
        >
          {error && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} data-testid="sso-error">
              {t(errorKeys[error])}
            </Alert>
          )}
          <p className={classes.text}>{t('login.sso.intro')}</p>
          <TextField
            label={t('login.sso.email')}
            name="sso-email"
            type="email"
            autoComplete="email"
            aria-required="true"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={emailError}
          />
          <Button type="submit" variant="light" loading={pending} fullWidth>
            {t('login.sso.submit')}
          </Button>
        </form>
      )}
    </details>
  );
}
