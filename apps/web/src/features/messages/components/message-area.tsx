import { managementRoleKey, type RoleKey } from '@cockpit/contracts';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { useContractMessage } from '../api/get-contract-message';
import { useCurrentMessage } from '../api/get-current-message';
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

/**
 * Whether the message area has its first answers (or failures), so the layout can draw the page below it
 * once, instead of pushing it down when a card arrives a moment later (layout shift; decision 016).
 * `settingsSettled`: the user's settings answered (or failed) — before that the role is not known.
 */
export function useMessageAreaSettled(roleKey: RoleKey | undefined, settingsSettled: boolean): boolean {
  const current = useCurrentMessage(useUiLanguage());
  const isAdministrator = roleKey === managementRoleKey;
  const contract = useContractMessage(isAdministrator);
  return settingsSettled && !current.isPending && (!isAdministrator || !contract.isPending);
}
