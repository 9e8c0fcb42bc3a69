import { lazy, Suspense, useEffect, useState } from 'react';
import { isAdministrator, type RoleKey } from '@cockpit/contracts';
import { lazyModule, type LazyModule } from '../../../lib/lazy-module';
import { useMantineAreaModule, WithMantine } from '../../../lib/mantine-area';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { useContractMessage } from '../api/get-contract-message';
import { useCurrentMessage } from '../api/get-current-message';

// The cards load when there is something to show (most pages have no banner): their buttons and alert
// are not part of the shell's first download (bundle budget, docs/decisions/011).
const bannerModule = lazyModule(() => import('./message-banner'));
const contractModule = lazyModule(() => import('./new-contract-notice'));
const MessageBanner = lazy(() =>
  bannerModule.load().then(({ MessageBanner }) => ({ default: MessageBanner })),
);
const NewContractNotice = lazy(() =>
  contractModule.load().then(({ NewContractNotice }) => ({ default: NewContractNotice })),
);

type MessageAreaProps = {
  /** The signed-in user's role, once known: the new-contract notice is for administrators only. */
  roleKey: RoleKey | undefined;
};

/** What the message area shows: the notice while a contract message is available, the banner once a message came. */
function useWanted(roleKey: RoleKey | undefined) {
  const administrator = roleKey !== undefined && isAdministrator({ roleKey });
  const current = useCurrentMessage(useUiLanguage());
  const contract = useContractMessage(administrator);
  // Once a message came, the banner stays (it remembers its cards, also when the language changes).
  const [bannerWanted, setBannerWanted] = useState(false);
  if (!bannerWanted && current.data?.item) setBannerWanted(true);
  return {
    current,
    contract,
    isAdministrator: administrator,
    banner: bannerWanted || Boolean(current.data?.item),
    notice: administrator && contract.data?.available === true,
  };
}

/**
 * docs/product.md §2 Main layout "a content area with … a message area": the new-contract notice (docs/product.md §6: only
 * organisationadministrator checks for it) and the message banner, above the routed page. Renders
 * nothing while both are hidden, so the layout's message area collapses.
 */
export function MessageArea({ roleKey }: MessageAreaProps) {
  const wanted = useWanted(roleKey);
  return (
    <Suspense fallback={null}>
      {/* The notice uses Mantine's components: its provider loads with it (lib/mantine-area.tsx). */}
      {wanted.notice && (
        <WithMantine>
          <NewContractNotice />
        </WithMantine>
      )}
      {wanted.banner && <MessageBanner />}
    </Suspense>
  );
}

/** Whether `module` has loaded once `wanted` (failures count as done: the next render tries again). */
function useModuleReady(module: LazyModule<unknown>, wanted: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!wanted || ready) return;
    let current = true;
    const done = () => {
      if (current) setReady(true);
    };
    module.load().then(done, done);
    return () => {
      current = false;
    };
  }, [module, wanted, ready]);
  return !wanted || ready;
}

/**
 * Whether the message area has its first answers (or failures) and the code of the cards it shows, so
 * the layout can draw the page below it once, instead of pushing it down when a card arrives a moment
 * later (layout shift; decision 016). `settingsSettled`: the user's settings answered (or failed) —
 * before that the role is not known.
 */
export function useMessageAreaSettled(roleKey: RoleKey | undefined, settingsSettled: boolean): boolean {
  const { current, contract, isAdministrator, banner, notice } = useWanted(roleKey);
  const bannerReady = useModuleReady(bannerModule, banner);
  const noticeReady = useModuleReady(contractModule, notice);
  const mantineModule = useMantineAreaModule();
  const mantineReady = useModuleReady(mantineModule ?? contractModule, notice && mantineModule !== null);
  return (
    settingsSettled &&
    !current.isPending &&
    (!isAdministrator || !contract.isPending) &&
    bannerReady &&
    noticeReady &&
    mantineReady
  );
}
