import { useState, type FormEvent } from 'react';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorCodes } from '@cockpit/contracts';
import { Alert } from '../../../components/ui/plain/alert';
import { Button } from '../../../components/ui/plain/button';
import { TextField } from '../../../components/ui/plain/text-field';
import { isApiRequestError } from '../../../lib/api-client';
import { lazySession } from '../../../lib/auth/lazy-session';
import { useSessionStore } from '../../../lib/auth/session-state';
import { integrityRefused } from '../../../lib/integrity/lazy-integrity';
import { IntegrityNotice } from './integrity-notice';
import classes from './login-form.module.css';

type SecondFactorStepProps = {
  /** Signed in: the session has its first token. */
  onSuccess: () => void;
  /** Back to e-mail and password (the sign-in expired or had too many wrong codes). */
  onRestart: () => void;
};

type Kind = 'code' | 'recovery-code';

/**
 * The second step of a sign-in with two-factor sign-in on (decision 021): a code of the authenticator app,
 * or — switchable — one of the recovery codes. Plain components like the login form (decision 011).
 */
export function SecondFactorStep({ onSuccess, onRestart }: SecondFactorStepProps) {
  const { t } = useTranslation();
  const pending = useSessionStore((state) => state.signInPending);
  const [kind, setKind] = useState<Kind>('code');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  function switchKind() {
    setKind((current) => (current === 'code' ? 'recovery-code' : 'code'));
    setCode('');
    setFieldError(undefined);
    setFormError(null);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const value = kind === 'code' ? code.replace(/\s/g, '') : code.trim();
    const valid = kind === 'code' ? /^\d{6}$/.test(value) : value.length >= 6 && value.length <= 32;
    setFieldError(
      valid
        ? undefined
        : t(kind === 'code' ? 'login.twoFactor.codeFormat' : 'login.twoFactor.recoveryFormat'),
    );
    if (!valid) return;

    try {
      const { completeSecondFactor } = await lazySession.load();
      await completeSecondFactor(kind, value);
      onSuccess();
    } catch (error) {
      if (isApiRequestError(error) && error.code === errorCodes.integrityRequired) {
        integrityRefused();
        return;
      }
      const status = isApiRequestError(error) ? error.status : 0;
      if (status === 429) {
        setFormError(t('login.error.rateLimited'));
      } else if (status === 400) {
        // Too many wrong codes for this sign-in, or it expired: start again with the password.
        setExpired(true);
        setFormError(t('login.twoFactor.expired'));
      } else if (status === 401) {
        setFormError(t(kind === 'code' ? 'login.twoFactor.wrongCode' : 'login.twoFactor.wrongRecoveryCode'));
      } else {
        setFormError(t('login.error.generic'));
      }
    }
  }

  const isCode = kind === 'code';
  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="second-factor-step">
      <div className={classes.fields}>
        <IntegrityNotice />
        <p className={classes.text}>
          {t(isCode ? 'login.twoFactor.codeIntro' : 'login.twoFactor.recoveryIntro')}
        </p>
        {formError && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />}>
            {formError}
          </Alert>
        )}
        <TextField
          // A new field per kind: it takes the focus again (autoFocus) when the user switches.
          key={kind}
          label={t(isCode ? 'login.twoFactor.code' : 'login.twoFactor.recoveryCode')}
          name={isCode ? 'one-time-code' : 'recovery-code'}
          inputMode={isCode ? 'numeric' : 'text'}
          autoComplete={isCode ? 'one-time-code' : 'off'}
          autoFocus
          aria-required="true"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={fieldError}
        />
        {expired ? (
          <Button type="button" onClick={onRestart} fullWidth>
            {t('login.twoFactor.restart')}
          </Button>
        ) : (
          <Button type="submit" loading={pending} fullWidth>
            {t('login.twoFactor.submit')}
          </Button>
        )}
        <Button type="button" variant="light" onClick={switchKind} fullWidth>
          {t(isCode ? 'login.twoFactor.useRecoveryCode' : 'login.twoFactor.useCode')}
        </Button>
      </div>
    </form>
  );
}
