import type { ReactNode } from 'react';
import classes from './visually-hidden.module.css';

/** Mantine's VisuallyHidden for the signed-in shell's first download (bundle budget, docs/decisions/011). */
export function VisuallyHidden({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <span id={id} className={classes.hidden}>
      {children}
    </span>
  );
}
