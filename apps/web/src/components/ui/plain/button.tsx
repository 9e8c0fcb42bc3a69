import type { ButtonHTMLAttributes } from 'react';
import { Loader } from './loader';
import classes from './button.module.css';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** `filled` (default), `light` or `default` (white with a border), as Mantine's variants. */
  variant?: 'filled' | 'light' | 'default';
  /** A theme colour (`red`, `orange`, …); default the primary colour. */
  color?: string;
  size?: 'xs' | 'sm';
  fullWidth?: boolean;
  /** Busy: disabled, with a loader instead of the label (the label stays the accessible name). */
  loading?: boolean;
};

/** Mantine's Button look (see README.md). */
export function Button({
  variant = 'filled',
  color,
  size = 'sm',
  fullWidth,
  loading,
  disabled,
  children,
  style,
  ...rest
}: ButtonProps) {
  // Mantine's variant colour rules (defaultVariantColorsResolver) for a theme colour without a shade.
  const palette = color ? `--mantine-color-${color}` : '--mantine-primary-color';
  const colors =
    variant === 'default'
      ? {
          '--button-bg': 'var(--mantine-color-default)',
          '--button-hover': 'var(--mantine-color-default-hover)',
          '--button-color': 'var(--mantine-color-default-color)',
          '--button-bd': 'var(--mantine-color-default-border)',
        }
      : variant === 'light'
        ? {
            '--button-bg': `var(${palette}-light)`,
            '--button-hover': `var(${palette}-light-hover)`,
            '--button-color': `var(${palette}-light-color)`,
          }
        : {
            '--button-bg': `var(${palette}-filled)`,
            '--button-hover': `var(${palette}-filled-hover)`,
            '--button-color': 'var(--mantine-color-white)',
          };
  return (
    <button
      type="button"
      {...rest}
      className={classes.button}
      style={{ ...colors, ...style }}
      data-size={size}
      data-block={fullWidth || undefined}
      data-loading={loading || undefined}
      disabled={disabled || loading}
    >
      {loading && (
        <span className={classes.loader}>
          <Loader size="calc(var(--button-height) / 1.8)" color="var(--button-color)" />
        </span>
      )}
      <span className={classes.inner}>
        <span className={classes.label}>{children}</span>
      </span>
    </button>
  );
}
