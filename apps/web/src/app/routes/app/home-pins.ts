import { useCallback } from 'react';
import type { MenuItem, PinKind } from '@cockpit/contracts';
import { useFavorites } from '../../../features/navigation/api/get-favorites';
import { usePinToggle } from '../../../lib/pins';

/**
 * The pins as the reports home uses them: the favourites query and an unpin through the one pins path
 * (lib/pins.ts: optimistic, rolled back with the error toast; every star follows).
 */
export function useHomePins() {
  const favorites = useFavorites();
  const togglePin = usePinToggle();
  const unpin = useCallback(
    (kind: PinKind, item: MenuItem) => togglePin({ kind, item, isPinned: false }),
    [togglePin],
  );
  return { favorites, unpin };
}
