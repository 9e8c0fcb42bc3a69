import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isLoginPathname, paths, safeRedirectPath } from '../../../config/paths';
import { LoginForm } from '../../../features/sign-in/components/login-form';
import { useDocumentTitle } from '../../../lib/use-document-title';
import classes from './login.module.css';

/**
 * Where the login screen goes after signing in: the page originally requested (`redirectTo`, docs/product.md §2),
 * if it is a safe in-app path other than the login screen itself, else the root.
 */
export function loginTarget(redirectTo: string | null): string {
  const target = safeRedirectPath(redirectTo);
  return target !== null && !isLoginPathname(target.split(/[?#]/)[0] ?? '') ? target : paths.home.getHref();
}

/**
 * "Sign in with your organisation" (decision 020) loads right after the password form: a chunk of its
 * own, outside the login route's download (bundle budget, decision 011). It sits below the form, so
 * nothing moves when it appears.
 */
const SingleSignOn = lazy(() =>
  import('../../../features/sign-in/components/single-sign-on').then((module) => ({
    default: module.SingleSignOn,
  })),
);

type LoginScreenProps = {
  /** The `redirectTo` query parameter of the login URL. */
  redirectTo: string | null;
  /**
   * Goes to `to` once signed in, replacing the login screen in the history. Inside the router that is
   * the router's navigate; for a page loaded at /login (app/index.tsx) it starts the router at `to`.
   */
  navigate: (to: string) => void;
};

/**
 * docs/product.md §2 login screen: the authentication area, no guard, titled Login, texts from the `login` scope.
 * After signing in the user goes to the page originally requested, else to the root.
 *
 * No router hooks: a page loaded at /login draws this screen without React Router, which loads only after
 * the sign-in. Plain elements styled like Mantine, not Mantine components. Both for the login route's
 * download budget (docs/decisions/011-shell-navigation-state-and-bundle-budget.md).
 */
export function LoginScreen({ redirectTo, navigate }: LoginScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('login.title'));
  const target = loginTarget(redirectTo);

  return (
    <main className={classes.page}>
      <div className={classes.card}>
        <div className={classes.heading}>
          <p className={classes.appName}>{t('app.name')}</p>
          <h1 className={classes.title}>{t('login.title')}</h1>
          <p className={classes.subtitle}>{t('login.subtitle')}</p>
        </div>
        {/* Decision 020: or through the organisation's own sign-in service. */}
        <LoginForm
          onSuccess={() => navigate(target)}
          alternative={
            <Suspense fallback={null}>
              <SingleSignOn redirectTo={target} />
            </Suspense>
          }
        />
      </div>
    </main>
  );
}
