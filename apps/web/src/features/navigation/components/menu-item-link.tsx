import { NavLink as MantineNavLink, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link, useMatch } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@cockpit/contracts';
import { paths } from '../../../config/paths';
import { MenuIcon } from './menu-icon';
import classes from './menu-item-link.module.css';

/** Where an internal item leads: its own path, else the report route named after it. */
export function menuItemHref(item: MenuItem): string {
  return item.path?.startsWith('/') ? item.path : paths.report.getHref(item.name);
}

/** http(s) only: anything else is never rendered as a link target. */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

type MenuItemLinkProps = { item: MenuItem };

/**
 * spec §2 Main menu: an item is an internal link or an external URL opened in a new window; it shows
 * title, optional sub-title, optional icon and an active marker. (The pin toggle comes with issue 3.)
 */
export function MenuItemLink({ item }: MenuItemLinkProps) {
  const { t } = useTranslation();
  const href = menuItemHref(item);
  const match = useMatch({ path: href, end: true });

  if (item.externalUrl && isHttpUrl(item.externalUrl)) {
    return (
      <MantineNavLink
        component="a"
        href={item.externalUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={classes.item}
        label={
          <>
            {item.title}
            <VisuallyHidden> ({t('menu.opensInNewWindow')})</VisuallyHidden>
          </>
        }
        description={item.subTitle ?? undefined}
        leftSection={<MenuIcon name={item.icon} />}
        rightSection={<IconExternalLink size={14} aria-hidden="true" />}
        data-item-name={item.name}
      />
    );
  }

  return (
    <MantineNavLink
      component={Link}
      to={href}
      active={match !== null}
      aria-current={match !== null ? 'page' : undefined}
      className={classes.item}
      label={item.title}
      description={item.subTitle ?? undefined}
      leftSection={<MenuIcon name={item.icon} />}
      data-item-name={item.name}
    />
  );
}
