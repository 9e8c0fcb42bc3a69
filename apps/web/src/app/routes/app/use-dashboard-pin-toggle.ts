import { useCallback } from 'react';
import type { DashboardPinToggle } from '../../../features/dashboards/hooks/use-dashboard-pin';
import { usePinToggle } from '../../../features/navigation/api/update-pin';

/**
 * Joins two features (issue 5): the dashboards feature's pin button saves through the navigation
 * feature's pin toggle, so the favourites update with it and a refusal shows the same error toast.
 */
export function useDashboardPinToggle(): DashboardPinToggle {
  const togglePin = usePinToggle();
  return useCallback(
    (item, isPinned, callbacks) => togglePin({ kind: 'dashboard', item, isPinned }, callbacks),
    [togglePin],
  );
}
