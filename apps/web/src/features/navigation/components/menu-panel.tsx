import type { ReactNode } from 'react';
import type { MenuItem } from '@cockpit/contracts';
import { useTranslation } from 'react-i18next';
import { PlaceholderTile } from '../../../components/ui/placeholder-tile';
import { Skeleton } from '../../../components/ui/plain/skeleton';
import { useMenu } from '../api/get-menu';
import { usePinToggle } from '../../../lib/pins';
import { MenuGroups } from './menu-groups';
import { MenuSearch } from './menu-search';
import classes from './side-panel-content.module.css';

type MenuPanelProps = {
  /** The menu header (user, role, subscription, language) — composed by the layout. */
  header?: ReactNode;
  /** The recently opened items the search offers while its box is empty (the app layer reads them). */
  recentItems?: MenuItem[] | undefined;
};

/** docs/product.md §2 Side panel "menu: the main menu" — the search box and the user's menu from the API. */
export function MenuPanel({ header, recentItems }: MenuPanelProps) {
  const { t } = useTranslation();
  const menu = useMenu();
  const togglePin = usePinToggle();

  let body: ReactNode;
  if (menu.isPending) {
    body = (
      <div className={classes.skeletons} aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={36} />
        ))}
      </div>
    );
  } else if (menu.isError) {
    body = <PlaceholderTile compact onRetry={() => void menu.refetch()} />;
  } else {
    body = (
      <MenuGroups
        groups={menu.data.groups}
        onTogglePin={(item, isPinned) => togglePin({ kind: 'report', item, isPinned })}
      />
    );
  }

  return (
    // Plain elements with Mantine's look (bundle budget, docs/decisions/011).
    <div className={classes.panel} data-testid="menu-panel">
      {header}
      <hr className={classes.divider} />
      {menu.isSuccess && <MenuSearch groups={menu.data.groups} recentItems={recentItems} />}
      <div className={classes.scroll} aria-busy={menu.isPending}>
        <nav aria-label={t('menu.title')}>{body}</nav>
      </div>
    </div>
  );
}
