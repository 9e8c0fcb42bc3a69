import { Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isSafeRedirect, paths } from '../../../config/paths';
import { LoginForm } from '../../../features/auth/components/login-form';
import { useDocumentTitle } from '../../../lib/use-document-title';
import classes from './login.module.css';

/**
 * spec §2 login screen: the authentication area, no guard, titled Login, texts from the `login` scope.
 * After signing in the user goes to the page originally requested, else to the root.
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
      <Paper className={classes.card} shadow="md" radius="md" p="xl" withBorder>
        <Stack gap="lg">
          <Stack gap={4}>
            <Text c="blue.7" fw={700} size="sm" tt="uppercase">
              {t('app.name')}
            </Text>
            <Title order={1}>{t('login.title')}</Title>
            <Text c="dimmed" size="sm">
              {t('login.subtitle')}
            </Text>
          </Stack>
          <LoginForm onSuccess={() => void navigate(target, { replace: true })} />
        </Stack>
      </Paper>
    </main>
  );
}
