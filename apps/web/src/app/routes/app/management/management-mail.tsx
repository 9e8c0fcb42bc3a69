import { VisuallyHidden } from '@mantine/core';
import { reportPagePath } from '@cockpit/contracts';
import { AudienceFields } from '../../../../features/catalogue/components/audience-fields';
import { MailOutbox } from '../../../../features/mail/components/mail-outbox';
import { useMenu } from '../../../../features/navigation/api/get-menu';
import { useReportWithValues } from '../../../../features/reports/api/get-report';
import { MailManagement } from '../../../../features/subscriptions/components/mail-management';
import { SubscribedReportProvider } from '../../../../features/subscriptions/components/subscribed-report';
import { useUserSettings } from '../../../../features/user-settings/api/get-user-settings';
import { useSectionTitle } from './use-section-title';

/**
 * Management → Mail (decision 029): subscribing others, deliveries and the outbox. The app joins what the
 * features know: the reports of the administrator's menu (not its dashboards or external links), the
 * catalogue's audience fields, the mail feature's outbox and the reports feature's query a subscription's
 * dialog reads its report with, and who is signed in (the subscriptions they own get their actions).
 */
export function ManagementMailRoute() {
  const title = useSectionTitle('management.sections.mail');
  const menu = useMenu();
  const settings = useUserSettings();
  const reports = (menu.data?.groups ?? [])
    .flatMap((group) => group.items)
    .filter((item) => item.available !== false && item.path === reportPagePath(item.name))
    .map((item) => ({ name: item.name, title: item.title }));
  return (
    <>
      <VisuallyHidden component="h2">{title}</VisuallyHidden>
      <SubscribedReportProvider value={useReportWithValues}>
        <MailManagement
          reports={reports}
          renderAudience={(values, onChange) => <AudienceFields values={values} onChange={onChange} />}
          outbox={<MailOutbox />}
          currentUserId={settings.data?.userId}
        />
      </SubscribedReportProvider>
    </>
  );
}
