import { useEffect, useId, type KeyboardEvent, type ReactNode } from 'react';
import { IconChevronDown } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuGroup, MenuItem } from '@cockpit/contracts';
import { useNavigationStore } from '../store/navigation-store';
import { MenuIcon } from './menu-icon';
import { MenuItemLink, menuItemHref } from './menu-item-link';
import classes from './menu-groups.module.css';
import panelClasses from './side-panel-content.module.css';

type MenuGroupsProps = {
  groups: MenuGroup[];
  onTogglePin: (item: MenuItem, isPinned: boolean) => void;
};

/** A group's accordion control, found by name (a chosen search result moves the focus there). */
export function findMenuGroupControl(name: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-menu-group="${name.replace(/["\\]/g, '\\$&')}"]`);
}

/** Groups open at first: those the server marks expanded or active, and the one holding the current route. */
export function initiallyOpenGroups(groups: readonly MenuGroup[], pathname: string): string[] {
  return groups
    .filter(
      (group) =>
        group.isExpanded ||
        group.isActive ||
        group.items.some((item) => item.isActive || (!item.externalUrl && menuItemHref(item) === pathname)),
    )
    .map((group) => group.name);
}

/**
 * docs/product.md §2 Main menu: accordion groups that expand and collapse, several open at once. Which groups are
 * open lives in the navigation store, so a search result can open its group (docs/product.md §2 Menu search).
 * Collapsed items stay in the page (hidden) so the open state survives re-renders.
 */
export function MenuGroups({ groups, onTogglePin }: MenuGroupsProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const opened = useNavigationStore((state) => state.openedMenuGroups);
  const setOpened = useNavigationStore((state) => state.setOpenedMenuGroups);

  useEffect(() => {
    if (opened === null && groups.length > 0) setOpened(initiallyOpenGroups(groups, pathname));
  }, [opened, groups, pathname, setOpened]);

  if (groups.length === 0) {
    return <p className={panelClasses.empty}>{t('menu.empty')}</p>;
  }

  const open = new Set(opened ?? initiallyOpenGroups(groups, pathname));
  const toggle = (name: string) =>
    setOpened(open.has(name) ? [...open].filter((other) => other !== name) : [...open, name]);

  // Plain disclosure buttons rather than Mantine's Accordion (bundle budget, docs/decisions/011): the same
  // roles and keys — Arrow up/down move between the groups' buttons, Home and End go to the first and last.
  return (
    <div className={classes.root} onKeyDown={moveBetweenControls}>
      {groups.map((group) => (
        <MenuGroupItem
          key={group.name}
          group={group}
          open={open.has(group.name)}
          onToggle={() => toggle(group.name)}
        >
          <ul className={classes.items}>
            {group.items.map((item) => (
              <li key={item.name}>
                <MenuItemLink item={item} onTogglePin={onTogglePin} />
              </li>
            ))}
          </ul>
        </MenuGroupItem>
      ))}
    </div>
  );
}

function MenuGroupItem({
  group,
  open,
  onToggle,
  children,
}: {
  group: MenuGroup;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={classes.item} data-active={open || undefined}>
      <div className={classes.heading}>
        <button
          type="button"
          id={`${id}-control`}
          className={classes.control}
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          data-menu-group={group.name}
          data-menu-group-control
          onClick={onToggle}
        >
          <span className={classes.icon}>
            <MenuIcon name={group.icon} />
          </span>
          <span className={classes.label}>{group.title}</span>
          <IconChevronDown
            size={16}
            className={classes.chevron}
            data-rotate={open || undefined}
            aria-hidden="true"
          />
        </button>
      </div>
      {/* Collapsed items stay in the page (hidden), so the open state survives re-renders. */}
      <div
        id={`${id}-panel`}
        role="region"
        aria-labelledby={`${id}-control`}
        className={classes.panel}
        hidden={!open}
      >
        {children}
      </div>
    </div>
  );
}

function moveBetweenControls(event: KeyboardEvent<HTMLDivElement>) {
  if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
  const target = event.target as HTMLElement;
  if (!target.matches('[data-menu-group-control]')) return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-menu-group-control]')];
  const index = controls.indexOf(target);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? controls.length - 1
        : (index + (event.key === 'ArrowDown' ? 1 : -1) + controls.length) % controls.length;
  event.preventDefault();
  controls[next]?.focus();
}
