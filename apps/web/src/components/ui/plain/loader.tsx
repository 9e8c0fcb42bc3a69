import type { CSSProperties } from 'react';
import classes from './loader.module.css';

/** Mantine's oval loader (size md, the primary colour unless `color` is given). Decorative: no role. */
export function Loader({ size, color }: { size?: string; color?: string }) {
  const style = { '--loader-size': size, '--loader-color': color } as CSSProperties;
  return <span className={classes.loader} style={style} aria-hidden="true" />;
}
