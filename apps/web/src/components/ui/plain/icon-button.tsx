import { forwardRef, type ButtonHTMLAttributes, type CSSProperties } from 'react';
import { Link, type LinkProps } from 'react-router';
import classes from './icon-button.module.css';

type Look = {
  /** `subtle` (default) or `filled`, as Mantine's ActionIcon variants. */
  variant?: 'subtle' | 'filled';
  /** A theme colour (`gray`, `orange`, `blue`, …); default the primary colour. */
  color?: string;
  /** Width and height in px (Mantine's `md` is 28). */
  size?: number;
  /** `md` or the theme's default radius. */
  radius?: 'md' | 'default';
};

/** Mantine's variant colour rules (defaultVariantColorsResolver) for a theme colour without a shade. */
function lookStyle(
  { variant = 'subtle', color, size = 28, radius = 'default' }: Look,
  style?: CSSProperties,
) {
  const palette = color ? `--mantine-color-${color}` : '--mantine-primary-color';
  const colors =
    variant === 'filled'
      ? {
          '--ib-bg': `var(${palette}-filled)`,
          '--ib-hover': `var(${palette}-filled-hover)`,
          '--ib-color': 'var(--mantine-color-white)',
        }
      : {
          '--ib-bg': 'transparent',
          '--ib-hover': `var(${palette}-light-hover)`,
          '--ib-color': `var(${palette}-light-color)`,
        };
  return {
    ...colors,
    '--ib-size': `${size}px`,
    '--ib-radius': radius === 'md' ? 'var(--mantine-radius-md)' : 'var(--mantine-radius-default)',
    ...style,
  } as CSSProperties;
}

type IconButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & Look;

/**
 * Mantine's ActionIcon look without Mantine's JavaScript, for the shell's first download (the side menu,
 * the favourites pins; bundle budget, docs/decisions/011). `data-variant` is set as Mantine sets it.
 */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { variant = 'subtle', color, size, radius, className, style, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={className ? `${classes.root} ${className}` : classes.root}
      data-variant={variant}
      style={lookStyle({ variant, color, size, radius }, style)}
      {...rest}
    />
  );
});

type IconLinkProps = LinkProps & Look;

/** An in-app link with the IconButton look. */
export function IconLink({
  variant = 'subtle',
  color,
  size,
  radius,
  className,
  style,
  ...rest
}: IconLinkProps) {
  return (
    <Link
      className={className ? `${classes.root} ${className}` : classes.root}
      data-variant={variant}
      style={lookStyle({ variant, color, size, radius }, style)}
      {...rest}
    />
  );
}
