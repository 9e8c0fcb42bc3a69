import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * spec §2 Page not found: 'Oops, page not found', the explanation, and a 'return to home' link to the
 * root. Shown for unknown paths and for areas the user may not see (spec §6 management).
 */
export function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <Stack component="main" align="center" justify="center" gap="md" mih="100vh" p="xl" ta="center">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text maw={560} c="dimmed">
        {t('notFound.text')}
      </Text>
      <Anchor component={Link} to={paths.home.getHref()} fw={600}>
        {t('notFound.returnHome')}
      </Anchor>
    </Stack>
  );
}

/** The same screen inside the main layout's content area. */
export function NotFoundContent() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <Stack align="center" gap="md" p="xl" ta="center">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text maw={560} c="dimmed">
        {t('notFound.text')}
      </Text>
      <Anchor component={Link} to={paths.home.getHref()} fw={600}>
        {t('notFound.returnHome')}
      </Anchor>
    </Stack>
  );
}
