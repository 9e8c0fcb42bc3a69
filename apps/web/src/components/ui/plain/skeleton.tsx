import type { CSSProperties } from 'react';
import classes from './skeleton.module.css';

type SkeletonProps = {
  /** Height in px. */
  height: number;
  /** A CSS width (default the whole width). */
  width?: string;
  /** `md` or the theme's default radius. */
  radius?: 'md' | 'default';
};

/** Mantine's Skeleton for the signed-in shell's first download (bundle budget, docs/decisions/011). */
export function Skeleton({ height, width, radius = 'default' }: SkeletonProps) {
  const style = {
    '--skeleton-height': `calc(${height / 16}rem * var(--mantine-scale))`,
    '--skeleton-width': width,
    '--skeleton-radius': radius === 'md' ? 'var(--mantine-radius-md)' : undefined,
  } as CSSProperties;
  return <div className={classes.skeleton} style={style} />;
}
