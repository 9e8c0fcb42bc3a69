import type { ReactNode } from 'react';
import { useNavigationStore } from '../store/navigation-store';
import { sidePanelId } from './side-menu';
import classes from './side-panel.module.css';

type SidePanelProps = {
  /** The accessible name of the panel: the chosen category's name. */
  label: string;
  children: ReactNode;
};

/**
 * spec §2 Side panel (285 px) showing the chosen category; starts expanded; collapsed it leaves the page
 * (and the accessibility tree) until the arrow or a category opens it again.
 */
export function SidePanel({ label, children }: SidePanelProps) {
  const open = useNavigationStore((state) => state.sideMenuOpen);
  return (
    <aside id={sidePanelId} aria-label={label} className={classes.sidePanel} data-open={open || undefined} hidden={!open}>
      {children}
    </aside>
  );
}
