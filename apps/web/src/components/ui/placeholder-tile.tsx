import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconBell, IconSearch, IconStar, type TablerIcon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** spec §2 Placeholder tile icons. */
export const placeholderIcons = ['favorites', 'notifications', 'search', 'error'] as const;
export type PlaceholderIcon = (typeof placeholderIcons)[number];

const icons: Record<PlaceholderIcon, { icon: TablerIcon; color: string }> = {
  favorites: { icon: IconStar, color: 'orange' },
  notifications: { icon: IconBell, color: 'blue' },
  search: { icon: IconSearch, color: 'blue' },
  error: { icon: IconAlertTriangle, color: 'red' },
};

type PlaceholderTileProps = {
  /** Default `error` (spec §2 "Default: error icon"). */
  icon?: PlaceholderIcon;
  /** Default: 'Error has occured' (spec §2, spelled as the spec has it). */
  headline?: string;
  /** Default: the connection hint of spec §2. */
  text?: string;
  /** Heading level of the headline within the page (default 2). */
  headingOrder?: 2 | 3 | 4;
  /** Smaller, for the 285 px side panel. */
  compact?: boolean;
  /** Actions below the text (a retry button, say). */
  children?: ReactNode;
};

/**
 * spec §2 Placeholder tile: an icon (favourites, notifications, search or error), a headline and a
 * text. Without props it is the error tile with the exact default texts of spec §2. Used for empty
 * states ("no favourites yet"), "nothing found" and failures.
 */
export function PlaceholderTile({
  icon = 'error',
  headline,
  text,
  headingOrder = 2,
  compact = false,
  children,
}: PlaceholderTileProps) {
  const { t } = useTranslation();
  const { icon: Icon, color } = icons[icon];
  return (
    <Stack
      align="center"
      gap={compact ? 'xs' : 'sm'}
      p={compact ? 'md' : 'xl'}
      ta="center"
      maw={520}
      mx="auto"
      data-testid="placeholder-tile"
      data-icon={icon}
    >
      <ThemeIcon size={compact ? 44 : 56} radius="xl" variant="light" color={color} aria-hidden="true">
        <Icon size={compact ? 24 : 30} />
      </ThemeIcon>
      <Title order={headingOrder} size={compact ? 'h5' : 'h3'}>
        {headline ?? t('placeholder.error.headline')}
      </Title>
      <Text c="dimmed" size={compact ? 'sm' : 'md'}>
        {text ?? t('placeholder.error.text')}
      </Text>
      {children}
    </Stack>
  );
}
