import { useId, type CSSProperties, type ReactNode } from 'react';
import classes from './alert.module.css';

type AlertProps = {
  /** A theme colour (`red`, `orange`, …). */
  color: string;
  icon: ReactNode;
  title?: string;
  children: ReactNode;
  'data-testid'?: string;
};

/** Mantine's Alert look, variant light, with `role="alert"` (see README.md). */
export function Alert({ color, icon, title, children, 'data-testid': testId }: AlertProps) {
  const id = useId();
  const style = {
    '--alert-bg': `var(--mantine-color-${color}-light)`,
    '--alert-color': `var(--mantine-color-${color}-light-color)`,
  } as CSSProperties;
  return (
    <div
      className={classes.alert}
      style={style}
      role="alert"
      aria-labelledby={title ? `${id}-title` : undefined}
      aria-describedby={`${id}-body`}
      data-testid={testId}
    >
      <div className={classes.wrapper}>
        <div className={classes.icon}>{icon}</div>
        <div className={classes.body}>
          {title && (
            <span id={`${id}-title`} className={classes.title}>
              {title}
            </span>
          )}
          <div id={`${id}-body`} className={classes.message}>
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}
