import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isSafeRedirect, paths } from '../../../config/paths';
import { LoginForm } from '../../../features/auth/components/login-form';
import { useDocumentTitle } from '../../../lib/use-document-title';
import classes from './login.module.css';

/**
 * spec §2 login screen: the authentication area, no guard, titled Login, texts from the `login` scope.
 * After signing in the user goes to the page originally requested, else to the root.
 *
 * Plain elements styled like Mantine, not Mantine components: the login route's download is measured
 * against a budget (issue 3; docs/decisions/011-shell-navigation-state-and-bundle-budget.md).
 */
export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  useDocumentTitle(t('login.title'));

  const redirectTo = searchParams.get('redirectTo');
  const target = isSafeRedirect(redirectTo) && !redirectTo.startsWith(paths.login.path) ? redirectTo : paths.home.getHref();

  return (
    <main className={classes.page}>
      <div className={classes.card}>
        <div className={classes.heading}>
          <p className={classes.appName}>{t('app.name')}</p>
          <h1 className={classes.title}>{t('login.title')}</h1>
          <p className={classes.subtitle}>{t('login.subtitle')}</p>
        </div>
        <LoginForm onSuccess={() => void navigate(target, { replace: true })} />
      </div>
    </main>
  );
}
