import { lazy, Suspense, useState } from 'react';
import { useIdleSignOut } from '../../../lib/idle';
import { WithMantine } from '../../../lib/mantine-area';

// The countdown dialog (Mantine's Modal and what it brings) loads when the countdown starts, not with
// the shell: most sessions never see it (the signed-in home's download, bench/web-bundle.bench.ts).
const IdleTimeoutDialog = lazy(() =>
  import('../../../components/ui/idle-timeout-dialog').then(({ IdleTimeoutDialog }) => ({
    default: IdleTimeoutDialog,
  })),
);

type IdleSignOutProps = {
  timeoutSeconds: number;
  countdownSeconds: number;
  onSignOut: () => void;
};

/**
 * The idle timeout of the signed-in area (docs/product.md §D.3): the timer and its countdown dialog. The layout
 * loads this module after the shell is on screen (it is not needed to show it); the dialog's own code
 * follows when the countdown first starts, and stays mounted after that so it closes as a dialog should.
 */
export function IdleSignOut({ timeoutSeconds, countdownSeconds, onSignOut }: IdleSignOutProps) {
  const idle = useIdleSignOut({ timeoutSeconds, countdownSeconds, onSignOut, enabled: true });
  const [dialogNeeded, setDialogNeeded] = useState(false);
  // Set during render (not in an effect) so the dialog's import starts in the same render as the prompt.
  if (idle.prompted && !dialogNeeded) setDialogNeeded(true);
  if (!dialogNeeded) return null;
  return (
    <Suspense fallback={null}>
      <WithMantine>
        <IdleTimeoutDialog
          opened={idle.prompted}
          remainingSeconds={idle.remainingSeconds}
          onStay={idle.stay}
        />
      </WithMantine>
    </Suspense>
  );
}
