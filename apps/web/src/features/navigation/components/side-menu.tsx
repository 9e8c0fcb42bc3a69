import { useState, type ReactNode } from 'react';
import {
  IconBell,
  IconBellRingingFilled,
  IconBuildingCog,
  IconChevronsLeft,
  IconChevronsRight,
  IconDots,
  IconHelpCircle,
  IconLayoutDashboard,
  IconLogout,
  IconMenu2,
  IconSettings,
  IconStar,
} from '@tabler/icons-react';
import { useMatch } from 'react-router';
import { IconButton, IconLink } from '../../../components/ui/plain/icon-button';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { useNavigationStore, type NavigationCategory } from '../store/navigation-store';
import classes from './side-menu.module.css';

export const sidePanelId = 'side-panel';

/** docs/product.md §2: "the dashboards tooltip is the fixed word Dashboards" — the same in every language. */
export const dashboardsTooltip = 'Dashboards';

type SideMenuProps = {
  /** docs/product.md §2: the dashboards button exists only when dashboards are available. */
  dashboardsAvailable: boolean;
  /** docs/product.md §2: "a different selected icon when unread notifications exist". */
  hasUnreadNotifications: boolean;
  /**
   * Organisation administrators get a Management button (docs/product.md §D.3 management permission); for
   * anyone else it is not rendered — and only a link, so no management code is downloaded with it.
   */
  showManagement?: boolean;
  onLogout: () => void;
};

/**
 * The tooltip of a side-menu button (docs/product.md §2 "Each has a tooltip"): shown to the right on hover and on
 * keyboard focus, in CSS only — a positioning library for five fixed buttons would cost the shell
 * ~15 KB gzip (bench/web-bundle.bench.ts). The button's accessible name is its aria-label; the tooltip
 * repeats it visually and is hidden from assistive technology.
 */
function SideMenuTip({
  label,
  children,
  only,
}: {
  label: string;
  children: ReactNode;
  only?: 'wide' | 'narrow';
}) {
  return (
    <span className={classes.tipHost} data-only={only}>
      {children}
      <span className={classes.tip} aria-hidden="true" data-tooltip>
        {label}
      </span>
    </span>
  );
}

/** What every side-menu button looks like: 44 px, filled blue while it is `highlighted` (docs/product.md §2). */
const buttonLook = (highlighted: boolean) =>
  ({
    size: 44,
    radius: 'md',
    variant: highlighted ? 'filled' : 'subtle',
    color: highlighted ? 'blue' : 'gray',
    className: classes.button,
  }) as const;

type CategoryButtonProps = {
  category: NavigationCategory;
  label: string;
  icon: ReactNode;
  /** Where it is shown: `wide` only beside the page, `narrow` only in the phone's "More" list. */
  only?: 'wide' | 'narrow';
  /** A shorter name under the icon in the phone's bottom bar, where the full one would be cut. */
  barLabel?: string;
};

function CategoryButton({ category, label, icon, only, barLabel }: CategoryButtonProps) {
  const selected = useNavigationStore((state) => state.openedCategory === category);
  const open = useNavigationStore((state) => state.sideMenuOpen);
  const openCategory = useNavigationStore((state) => state.openCategory);
  return (
    <SideMenuTip label={label} only={only}>
      <IconButton
        {...buttonLook(selected && open)}
        data-testid={only === 'narrow' ? `side-menu-${category}-narrow` : `side-menu-${category}`}
        aria-label={label}
        aria-pressed={selected && open}
        aria-controls={sidePanelId}
        data-category={category}
        onClick={() => openCategory(category)}
      >
        {icon}
        <span className={classes.label} aria-hidden="true">
          {barLabel ?? label}
        </span>
      </IconButton>
    </SideMenuTip>
  );
}

type AreaLinkProps = {
  label: string;
  to: string;
  /** The user is in this area: the button is filled and marked as the current page. */
  current: boolean;
  icon: ReactNode;
  testId?: string;
};

/** A side-menu link to an area of its own (management, settings). */
function AreaLink({ label, to, current, icon, testId }: AreaLinkProps) {
  return (
    <SideMenuTip label={label}>
      <IconLink
        to={to}
        {...buttonLook(current)}
        aria-label={label}
        aria-current={current ? 'page' : undefined}
        data-testid={testId}
      >
        {icon}
        <span className={classes.label} aria-hidden="true">
          {label}
        </span>
      </IconLink>
    </SideMenuTip>
  );
}

/**
 * docs/product.md §2 Fixed side menu (76 px): favorites, menu, dashboards (only when available; its tooltip is the
 * fixed word Dashboards), notifications, support; at the bottom the arrow that collapses or expands the
 * side panel, the Management link for organisation administrators, a settings link and the log-out
 * button. Each has a tooltip and an accessible name.
 */
export function SideMenu({
  dashboardsAvailable,
  hasUnreadNotifications,
  showManagement = false,
  onLogout,
}: SideMenuProps) {
  const { t } = useTranslation();
  const open = useNavigationStore((state) => state.sideMenuOpen);
  const toggleSideMenu = useNavigationStore((state) => state.toggleSideMenu);
  const onSettings = useMatch(paths.settings.path) !== null;
  // The active marker covers the whole area: /management and every section below it.
  const onManagement = useMatch({ path: paths.management.path, end: false }) !== null;
  const toggleLabel = open ? t('sideMenu.collapse') : t('sideMenu.expand');
  const iconSize = 24;
  const [moreOpen, setMoreOpen] = useState(false);
  const moreId = 'side-menu-more-list';

  return (
    <nav aria-label={t('sideMenu.label')} className={classes.sideMenu}>
      <div className={classes.group}>
        <CategoryButton
          category="favorites"
          label={t('sideMenu.favorites')}
          icon={<IconStar size={iconSize} />}
        />
        <CategoryButton category="menu" label={t('sideMenu.menu')} icon={<IconMenu2 size={iconSize} />} />
        {dashboardsAvailable && (
          <CategoryButton
            category="dashboards"
            label={dashboardsTooltip}
            icon={<IconLayoutDashboard size={iconSize} />}
          />
        )}
        <CategoryButton
          category="notifications"
          label={t(hasUnreadNotifications ? 'sideMenu.notificationsUnread' : 'sideMenu.notifications')}
          barLabel={t('sideMenu.notificationsShort')}
          icon={
            hasUnreadNotifications ? (
              <IconBellRingingFilled size={iconSize} className={classes.ringingBell} data-unread="true" />
            ) : (
              <IconBell size={iconSize} data-unread="false" />
            )
          }
        />
        <CategoryButton
          category="support"
          label={t('sideMenu.support')}
          icon={<IconHelpCircle size={iconSize} />}
          only="wide"
        />
        {/* Below 768 px the menu is a labelled bar at the bottom; what does not fit is under "More". */}
        <IconButton
          {...buttonLook(moreOpen)}
          className={`${classes.button} ${classes.moreButton}`}
          aria-expanded={moreOpen}
          aria-controls={moreId}
          onClick={() => setMoreOpen((value) => !value)}
          data-testid="side-menu-more"
        >
          <IconDots size={iconSize} aria-hidden="true" />
          <span className={classes.label}>{t('sideMenu.more')}</span>
        </IconButton>
      </div>

      <div
        id={moreId}
        className={classes.group}
        data-more
        data-open={moreOpen || undefined}
        onClick={(event) => {
          // A choice in the phone's "More" list closes it.
          if ((event.target as HTMLElement).closest('a, button')) setMoreOpen(false);
        }}
      >
        <SideMenuTip label={toggleLabel} only="wide">
          <IconButton
            {...buttonLook(false)}
            aria-label={toggleLabel}
            aria-expanded={open}
            aria-controls={sidePanelId}
            onClick={toggleSideMenu}
            data-testid="side-panel-toggle"
          >
            {open ? <IconChevronsLeft size={iconSize} /> : <IconChevronsRight size={iconSize} />}
          </IconButton>
        </SideMenuTip>
        <CategoryButton
          category="support"
          label={t('sideMenu.support')}
          icon={<IconHelpCircle size={iconSize} />}
          only="narrow"
        />
        {showManagement && (
          <AreaLink
            label={t('sideMenu.management')}
            to={paths.management.getHref()}
            current={onManagement}
            icon={<IconBuildingCog size={iconSize} />}
            testId="side-menu-management"
          />
        )}
        <AreaLink
          label={t('sideMenu.settings')}
          to={paths.settings.getHref()}
          current={onSettings}
          icon={<IconSettings size={iconSize} />}
        />
        <SideMenuTip label={t('sideMenu.logout')}>
          <IconButton {...buttonLook(false)} aria-label={t('sideMenu.logout')} onClick={onLogout}>
            <IconLogout size={iconSize} />
            <span className={classes.label} aria-hidden="true">
              {t('sideMenu.logout')}
            </span>
          </IconButton>
        </SideMenuTip>
      </div>
    </nav>
  );
}
