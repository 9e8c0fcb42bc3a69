import { VisuallyHidden } from '@mantine/core';
import { UserManagement } from '../../../../features/users/components/user-management';
import { useSectionTitle } from './use-section-title';

/** Management area: the Users section. */
export function ManagementUsersRoute() {
  const title = useSectionTitle('management.sections.users');
  return (
    <>
      <VisuallyHidden component="h2">{title}</VisuallyHidden>
      <UserManagement />
    </>
  );
}
