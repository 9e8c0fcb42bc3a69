import { managementRoleKey, type RoleKey } from '@cockpit/contracts';
import { MessageBanner } from './message-banner';
import { NewContractNotice } from './new-contract-notice';

type MessageAreaProps = {
  /** The signed-in user's role, once known: the new-contract notice is for administrators only. */
  roleKey: RoleKey | undefined;
};

/**
 * spec §2 Main layout "a content area with … a message area": the new-contract notice (spec §6: only
 * organisationadministrator checks for it) and the message banner, above the routed page. Renders
 * nothing while both are hidden, so the layout's message area collapses.
 */
export function MessageArea({ roleKey }: MessageAreaProps) {
  return (
    <>
      {roleKey === managementRoleKey && <NewContractNotice />}
      <MessageBanner />
    </>
  );
}
