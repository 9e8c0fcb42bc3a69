import { VisuallyHidden } from '@mantine/core';
import { ActivityLog } from '../../../../features/activity/components/activity-log';
import { useSectionTitle } from './use-section-title';

/** Management → Activity (decision 015). */
export function ManagementActivityRoute() {
  const title = useSectionTitle('management.sections.activity');
  return (
    <>
      <VisuallyHidden component="h2">{title}</VisuallyHidden>
      <ActivityLog />
    </>
  );
}
