import { useEffect } from 'react';

/** What a drag does as the pointer moves, is let go, or is taken away by the browser. */
export type PagePointerHandlers = {
  move: (event: PointerEvent) => void;
  up: () => void;
  cancel: () => void;
};

/**
 * While a drag is under way (`handlers` not null), follows the pointer over the whole page — also while
 * the dragged element is redrawn elsewhere, where a captured pointer would be lost. The handlers are
 * taken afresh on every render, so they always see the drag's current state.
 */
export function usePagePointer(handlers: PagePointerHandlers | null): void {
  useEffect(() => {
    if (!handlers) return;
    const { move, up, cancel } = handlers;
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
    };
  });
}
