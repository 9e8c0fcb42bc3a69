/**
 * Screen widths at which the signed-in layout changes (docs/product.md §2 Main layout, on narrow screens). The CSS
 * modules repeat these numbers in their media queries (main-layout.module.css, side-panel.module.css).
 */

/** Below 1024 px the side panel overlays the content (with a backdrop) instead of pushing it aside. */
export const overlayPanelQuery = '(max-width: 1023.98px)';

/** Below 768 px the side panel starts collapsed, so the page itself is what a phone shows first. */
export const collapsedPanelQuery = '(max-width: 767.98px)';

/** Whether the screen matches `query` now (false where there is no `matchMedia`, e.g. jsdom without it). */
export function matchesMedia(query: string): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(query).matches
  );
}
