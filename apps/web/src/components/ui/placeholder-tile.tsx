import type { CSSProperties, ReactNode } from 'react';
import { IconAlertTriangle, IconBell, IconSearch, IconStar, type TablerIcon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Button } from './plain/button';
import classes from './placeholder-tile.module.css';

/** docs/product.md §2 Placeholder tile icons. */
export const placeholderIcons = ['favorites', 'notifications', 'search', 'error'] as const;
export type PlaceholderIcon = (typeof placeholderIcons)[number];

const icons: Record<PlaceholderIcon, { icon: TablerIcon; color: string }> = {
  favorites: { icon: IconStar, color: 'orange' },
  notifications: { icon: IconBell, color: 'blue' },
  search: { icon: IconSearch, color: 'blue' },
  error: { icon: IconAlertTriangle, color: 'red' },
};

type PlaceholderTileProps = {
  /** Default `error` (docs/product.md §2 "Default: error icon"). */
  icon?: PlaceholderIcon;
  /** Default: 'Error has occured' (docs/product.md §2, spelled as docs/product.md has it). */
  headline?: string;
  /** Default: the connection hint of docs/product.md §2. */
  text?: string;
  /** Heading level of the headline within the page (default 2). */
  headingOrder?: 2 | 3 | 4;
  /** Smaller, for the 285 px side panel. */
  compact?: boolean;
  /** Shows a Retry button that calls this (a failed load: docs/product.md §2 error tile). */
  onRetry?: (() => void) | undefined;
  /** Other actions below the text. */
  children?: ReactNode;
};

/**
 * docs/product.md §2 Placeholder tile: an icon (favourites, notifications, search or error), a headline and a
 * text. Without props it is the error tile with the exact default texts of docs/product.md §2. Used for empty
 * states ("no favourites yet"), "nothing found" and failures — also outside the signed-in area (the
 * route error screens), so it is drawn without Mantine's JavaScript, styled like its Stack, ThemeIcon,
 * Title and Text (docs/decisions/011-shell-navigation-state-and-bundle-budget.md).
 */
export function PlaceholderTile({
  icon = 'error',
  headline,
  text,
  headingOrder = 2,
  compact = false,
  onRetry,
  children,
}: PlaceholderTileProps) {
  const { t } = useTranslation();
  const { icon: Icon, color } = icons[icon];
  const Heading = `h${headingOrder}` as const;
  // Mantine's light variant colours (ThemeIcon variant="light").
  const iconColors = {
    '--icon-bg': `var(--mantine-color-${color}-light)`,
    '--icon-color': `var(--mantine-color-${color}-light-color)`,
  } as CSSProperties;
  return (
    <div
      className={classes.tile}
      data-compact={compact || undefined}
      data-testid="placeholder-tile"
      data-icon={icon}
    >
      <div className={classes.icon} style={iconColors} aria-hidden="true">
        <Icon size={compact ? 24 : 30} />
      </div>
      <Heading className={classes.headline}>{headline ?? t('placeholder.error.headline')}</Heading>
      <p className={classes.text}>{text ?? t('placeholder.error.text')}</p>
      {onRetry && (
        <Button variant="light" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
      {children}
    </div>
  );
}
