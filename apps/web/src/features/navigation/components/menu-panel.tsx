import type { ReactNode } from 'react';
import { Button, Divider, ScrollArea, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PlaceholderTile } from '../../../components/ui/placeholder-tile';
import { useMenu } from '../api/get-menu';
import { MenuGroups } from './menu-groups';

type MenuPanelProps = {
  /** The menu header (user, role, subscription) — composed by the layout. */
  header?: ReactNode;
};

/** spec §2 Side panel "menu: the main menu" — the user's real menu from the API. */
export function MenuPanel({ header }: MenuPanelProps) {
  const { t } = useTranslation();
  const menu = useMenu();

  let body: ReactNode;
  if (menu.isPending) {
    body = (
      <Stack gap="sm" p="md" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={36} />
        ))}
      </Stack>
    );
  } else if (menu.isError) {
    body = (
      <PlaceholderTile>
        <Button variant="light" onClick={() => void menu.refetch()}>
          {t('common.retry')}
        </Button>
      </PlaceholderTile>
    );
  } else {
    body = <MenuGroups groups={menu.data.groups} />;
  }

  return (
    <Stack gap={0} h="100%" data-testid="menu-panel">
      {header}
      <Divider />
      <ScrollArea style={{ flex: 1 }} type="auto" aria-busy={menu.isPending}>
        {body}
      </ScrollArea>
    </Stack>
  );
}
