import { VisuallyHidden } from '@mantine/core';
import { MailManagement } from '../../../../features/subscriptions/components/mail-management';
import { useSectionTitle } from './use-section-title';

/** Management → Mail (decision 029): deliveries and the outbox. */
export function ManagementMailRoute() {
  const title = useSectionTitle('management.sections.mail');
  return (
    <>
      <VisuallyHidden component="h2">{title}</VisuallyHidden>
      <MailManagement />
    </>
  );
}
