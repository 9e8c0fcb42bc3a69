import { useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigationStore } from '../store/navigation-store';
import { sidePanelId } from './side-menu';
import classes from './side-panel.module.css';

type SidePanelProps = {
  /** The accessible name of the panel: the chosen category's name. */
  label: string;
  /**
   * Where the panel overlays the page (narrow screens): called when an item (any link) in it is chosen,
   * so the page the user chose is what they see.
   */
  onItemChosen?: () => void;
  /** The panel lies over the page (below 1024 px) instead of beside it. */
  overlay?: boolean;
  children: ReactNode;
};

/**
 * docs/product.md §2 Side panel (285 px) showing the chosen category; starts expanded; collapsed it leaves the page
 * (and the accessibility tree) until the arrow or a category opens it again. Below 1024 px it overlays
 * the page instead of pushing it aside (the layout draws the backdrop and closes it on Escape).
 * Its content is first rendered when the panel first opens and then stays (search term, scroll, open
 * groups): a phone starts with the panel collapsed and must not build the whole menu before the page
 * (decision 016, Lighthouse on the signed-in home).
 */
export function SidePanel({ label, onItemChosen, overlay = false, children }: SidePanelProps) {
  const open = useNavigationStore((state) => state.sideMenuOpen);
  const [everOpen, setEverOpen] = useState(open);
  // Adjusting state while rendering (React's documented pattern): the content is there in the same commit.
  if (open && !everOpen) setEverOpen(true);
  const handleClick = onItemChosen
    ? (event: MouseEvent<HTMLElement>) => {
        if (event.target instanceof Element && event.target.closest('a[href]')) onItemChosen();
      }
    : undefined;
  return (
    // The click handler only listens for links chosen inside; the links themselves are the controls.
    <aside
      id={sidePanelId}
      aria-label={label}
      className={classes.sidePanel}
      data-open={open || undefined}
      data-overlay={overlay || undefined}
      hidden={!open}
      onClick={handleClick}
    >
      {everOpen ? children : null}
    </aside>
  );
}
