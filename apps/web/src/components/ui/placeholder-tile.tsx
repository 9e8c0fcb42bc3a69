import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type PlaceholderTileProps = {
  icon?: ReactNode;
  headline?: string;
  text?: string;
  children?: ReactNode;
};

/**
 * spec §2 Placeholder tile: icon, headline and text; by default the error icon with 'Error has occured'
 * and the connection hint. Issue 3 adds the favourites / notifications / search icons.
 */
export function PlaceholderTile({ icon, headline, text, children }: PlaceholderTileProps) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm" p="xl" ta="center" maw={520} mx="auto">
      <ThemeIcon size={56} radius="xl" variant="light" color={icon ? 'blue' : 'red'} aria-hidden="true">
        {icon ?? <IconAlertTriangle size={30} />}
      </ThemeIcon>
      <Title order={2} size="h3">
        {headline ?? t('placeholder.error.headline')}
      </Title>
      <Text c="dimmed">{text ?? t('placeholder.error.text')}</Text>
      {children}
    </Stack>
  );
}
