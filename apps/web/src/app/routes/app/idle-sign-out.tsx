import { IdleTimeoutDialog } from '../../../components/ui/idle-timeout-dialog';
import { useIdleSignOut } from '../../../lib/idle';

type IdleSignOutProps = {
  timeoutSeconds: number;
  countdownSeconds: number;
  onSignOut: () => void;
};

/**
 * The idle timeout of the signed-in area (DESIGN.md §3): the timer and its countdown dialog. The layout
 * loads this module after the shell is on screen (it is not needed to show it).
 */
export function IdleSignOut({ timeoutSeconds, countdownSeconds, onSignOut }: IdleSignOutProps) {
  const idle = useIdleSignOut({ timeoutSeconds, countdownSeconds, onSignOut, enabled: true });
  return <IdleTimeoutDialog opened={idle.prompted} remainingSeconds={idle.remainingSeconds} onStay={idle.stay} />;
}
