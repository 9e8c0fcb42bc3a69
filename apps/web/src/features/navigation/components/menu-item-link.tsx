import type { ReactNode } from 'react';
import { IconExternalLink } from '@tabler/icons-react';
import { Link, useMatch } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@cockpit/contracts';
import { VisuallyHidden } from '../../../components/ui/plain/visually-hidden';
import { paths } from '../../../config/paths';
import { MenuIcon } from './menu-icon';
import { PinButton } from './pin-button';
import classes from './menu-item-link.module.css';

/** Where an internal item leads: its own path, else the report route named after it. */
export function menuItemHref(item: Pick<MenuItem, 'name' | 'path'>): string {
  return item.path?.startsWith('/') && !item.path.startsWith('//')
    ? item.path
    : paths.report.getHref(item.name);
}

/** http(s) only: anything else is never rendered as a link target. */
export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

type MenuItemLinkProps = {
  item: MenuItem;
  /** Shows the pin toggle; called with the value the pin should get. */
  onTogglePin?: (item: MenuItem, isPinned: boolean) => void;
};

/**
 * docs/product.md §2 Main menu: an item is an internal link or an external URL opened in a new window
 * (`noopener`); it shows title, optional sub-title, optional icon, an active marker for the current
 * route and a favourites pin. The pin is a sibling of the link (a button inside a link is not allowed).
 */
export function MenuItemLink({ item, onTogglePin }: MenuItemLinkProps) {
  const { t } = useTranslation();
  const href = menuItemHref(item);
  const match = useMatch({ path: href, end: true });
  const external = isHttpUrl(item.externalUrl);
  const description = item.subTitle ?? undefined;

  // Plain links with Mantine's NavLink look (bundle budget, docs/decisions/011): the menu is drawn on
  // every signed-in page's first download.
  const body = (label: ReactNode, rightSection?: ReactNode) => (
    <>
      <span className={classes.section} data-position="left">
        <MenuIcon name={item.icon} />
      </span>
      <span className={classes.body}>
        <span className={classes.label}>{label}</span>
        {description && <span className={classes.description}>{description}</span>}
      </span>
      {rightSection && (
        <span className={classes.section} data-position="right">
          {rightSection}
        </span>
      )}
    </>
  );
  const link = external ? (
    <a
      href={item.externalUrl ?? undefined}
      target="_blank"
      rel="noopener noreferrer"
      className={classes.item}
      data-item-name={item.name}
    >
      {body(
        <>
          {item.title}
          <VisuallyHidden> ({t('menu.opensInNewWindow')})</VisuallyHidden>
        </>,
        <IconExternalLink size={14} aria-hidden="true" />,
      )}
    </a>
  ) : (
    <Link
      to={href}
      aria-current={match !== null ? 'page' : undefined}
      data-active={match !== null || undefined}
      className={classes.item}
      data-item-name={item.name}
      // Listed, but nothing to open yet: shown apart from live reports (decision 015).
      data-unavailable={item.available === false || undefined}
      // The link keeps its name (the title); the tag is said as its description.
      aria-description={item.available === false ? t('menu.notYetDescription') : undefined}
    >
      {body(
        item.title,
        item.available === false ? (
          <span className={classes.soon} aria-hidden="true">
            {t('menu.notYet')}
          </span>
        ) : undefined,
      )}
    </Link>
  );

  if (!onTogglePin) return link;
  return (
    <div className={classes.row}>
      {link}
      <PinButton
        title={item.title}
        isPinned={item.isPinned}
        onToggle={() => onTogglePin(item, !item.isPinned)}
      />
    </div>
  );
}
