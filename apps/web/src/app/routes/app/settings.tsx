import { Button, Divider, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { PlaceholderTile } from '../../../components/ui/placeholder-tile';
import { useUserSettings } from '../../../features/user-settings/api/get-user-settings';
import { PasswordForm } from '../../../features/user-settings/components/password-form';
import { ClearRecents } from '../../../features/recents/components/clear-recents';
import { SessionsList } from '../../../features/user-sessions/components/sessions-list';
import { SettingsForm } from '../../../features/user-settings/components/settings-form';
import { useReportWithValues } from '../../../features/reports/api/get-report';
import { MySubscriptions } from '../../../features/subscriptions/components/my-subscriptions';
import { SubscribedReportProvider } from '../../../features/subscriptions/components/subscribed-report';
import { TwoFactorSection } from '../../../features/two-factor/components/two-factor-section';

/**
 * docs/product.md §2 settings route, titled Settings; docs/product.md §D.3: UI language, UI culture, currency symbol,
 * display name and password change, saved on the server and applied without a reload; the user's own
 * sessions; clearing the recent items of the reports home.
 */
export function SettingsRoute() {
  const { t } = useTranslation();
  const settings = useUserSettings();

  let content;
  if (settings.isPending) {
    content = (
      <Stack gap="md" maw={480} aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={56} />
        ))}
      </Stack>
    );
  } else if (settings.isError) {
    content = (
      <PlaceholderTile>
        <Button variant="light" onClick={() => void settings.refetch()}>
          {t('common.retry')}
        </Button>
      </PlaceholderTile>
    );
  } else {
    content = (
      <Stack gap="xl">
        <SettingsForm key={settings.data.userId} settings={settings.data} />
        <Divider maw={480} />
        <PasswordForm />
        <Divider maw={480} />
        <TwoFactorSection />
        <Divider maw={480} />
        <SessionsList culture={settings.data.accountSettings.uiCulture} />
        <Divider maw={480} />
        {/* A subscription's dialog reads its report through the reports feature. */}
        <SubscribedReportProvider value={useReportWithValues}>
          <MySubscriptions />
        </SubscribedReportProvider>
        <Divider maw={480} />
        <ClearRecents />
      </Stack>
    );
  }

  return <Page title={t('settings.title')}>{content}</Page>;
}
