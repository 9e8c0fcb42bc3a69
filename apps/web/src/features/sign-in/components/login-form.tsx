import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodes } from '@cockpit/contracts';
import { Button } from '../../../components/ui/plain/button';
import { PasswordField } from '../../../components/ui/plain/text-field';
import { paths } from '../../../config/paths';
import { isApiRequestError } from '../../../lib/api-client';
import { lazySession } from '../../../lib/auth/lazy-session';
import { useSessionStore } from '../../../lib/auth/session-state';
import { clearIntegrityRefusal } from '../../../lib/integrity/integrity-state';
import { integrityRefused } from '../../../lib/integrity/lazy-integrity';
import { EmailField, FormError } from './form-fields';
import { IntegrityNotice } from './integrity-notice';
import classes from './login-form.module.css';

// Decision 021: only people with two-factor sign-in on need the code step; it stays out of the entry
// (login route budget, decision 011).
const SecondFactorStep = lazy(() =>
  import('./second-factor-step').then((module) => ({ default: module.SecondFactorStep })),
);

type LoginFormProps = {
  /** Called after the session has its first token. */
  onSuccess: () => void;
  /** Another way to sign in, shown below the password step only (not while a code is asked for). */
  alternative?: ReactNode;
};

type FieldErrors = { email?: string; password?: string };

/**
 * Sign-in with e-mail and password (translation scope `login`). Wrong credentials get a clear
 * message; any other failure a generic one (the API client has already logged it, docs/product.md §8). Built from
 * the plain components (components/ui/plain): the login route does not load Mantine (decision 011).
 */
export function LoginForm({ onSuccess, alternative }: LoginFormProps) {
  const { t } = useTranslation();
  const pending = useSessionStore((state) => state.signInPending);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Two-factor sign-in (decision 021): the password was right, a code is asked for next.
  const [secondFactor, setSecondFactor] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (email.trim() === '') errors.email = t('login.error.emailRequired');
    if (password === '') errors.password = t('login.error.passwordRequired');
    setFieldErrors(errors);
    setFormError(null);
    clearIntegrityRefusal();
    if (errors.email || errors.password) return;

    try {
      // The session module is not needed to show this screen; the app has been loading it since start-up.
      const { signIn } = await lazySession.load();
      if ((await signIn({ email: email.trim(), password })) === 'second-factor') {
        setPassword('');
        setSecondFactor(true);
        return;
      }
      onSuccess();
    } catch (error) {
      if (isApiRequestError(error) && error.code === errorCodes.integrityRequired) {
        // The app's integrity token was missing or refused (decision 007): the notice above explains it and a
        // new check starts at once; the next attempt carries the new token.
        integrityRefused();
        return;
      }
      if (isApiRequestError(error) && error.code === errorCodes.singleSignOnRequired) {
        // Decision 020: this organisation signs in through its provider only.
        setFormError(t('login.error.singleSignOnRequired'));
        return;
      }
      if (isApiRequestError(error) && error.status === 429) {
        setFormError(t('login.error.rateLimited'));
        return;
      }
      // 401: wrong e-mail or password; 400: the auth library rejected the input (e.g. not an e-mail).
      const invalid = isApiRequestError(error) && (error.status === 401 || error.status === 400);
      setFormError(t(invalid ? 'login.error.invalidCredentials' : 'login.error.generic'));
    }
  }

  if (secondFactor) {
    return (
      <Suspense fallback={null}>
        <SecondFactorStep onSuccess={onSuccess} onRestart={() => setSecondFactor(false)} />
      </Suspense>
    );
  }

  return (
    <>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <div className={classes.fields}>
          <IntegrityNotice />
          <FormError message={formError} />
          <EmailField label={t('login.email')} value={email} onChange={setEmail} error={fieldErrors.email} />
          <PasswordField
            label={t('login.password')}
            toggleLabel={t('login.showPassword')}
            name="password"
            autoComplete="current-password"
            aria-required="true"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fieldErrors.password}
          />
          {/* Decision 031: a link by mail; the server sends none where single sign-on is required. */}
          <a className={classes.link} href={paths.forgotPassword.getHref()}>
            {t('login.forgotPassword')}
          </a>
          <Button type="submit" loading={pending} fullWidth>
            {t('login.submit')}
          </Button>
        </div>
      </form>
      {alternative}
    </>
  );
}
