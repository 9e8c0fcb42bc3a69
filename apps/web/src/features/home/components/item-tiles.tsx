import type { ReactNode } from 'react';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isSafeHttpUrl, type MenuItem } from '@cockpit/contracts';
import { VisuallyHidden } from '../../../components/ui/plain/visually-hidden';
import classes from './item-tiles.module.css';

export type ItemTile = {
  /** Unique in the list (kind and name). */
  key: string;
  item: MenuItem;
  /** The item's icon (the app layer draws it as the menu does). */
  icon?: ReactNode;
  /** A line below the sub-title, e.g. when it was opened. */
  meta?: ReactNode;
  /** A control beside the link, e.g. unpin (a button may not sit inside a link). */
  action?: ReactNode;
};

type ItemTilesProps = {
  tiles: ItemTile[];
  /** The list's accessible name. */
  label: string;
};

/** Where an internal item leads: its own in-app path (the server gives one for every report and dashboard). */
function internalHref(item: MenuItem): string | null {
  return item.path?.startsWith('/') && !item.path.startsWith('//') ? item.path : null;
}

/**
 * Reports and dashboards as tiles (the reports home's sections): the whole tile is the link — an
 * internal page, or an external report opened in a new window (`noopener`, docs/product.md §2 Main menu) — with the
 * title, the sub-title and a line of meta data; an action (unpin) sits beside the link, not inside it.
 */
export function ItemTiles({ tiles, label }: ItemTilesProps) {
  const { t } = useTranslation();
  return (
    <ul className={classes.grid} aria-label={label}>
      {tiles.map(({ key, item, icon, meta, action }) => {
        const external = isSafeHttpUrl(item.externalUrl) ? item.externalUrl.trim() : null;
        const href = internalHref(item);
        const body = (
          <>
            <span className={classes.title}>
              {item.title}
              {external && (
                <>
                  <IconExternalLink size={14} aria-hidden="true" className={classes.externalIcon} />
                  <VisuallyHidden> ({t('menu.opensInNewWindow')})</VisuallyHidden>
                </>
              )}
            </span>
            {/* A space, so that title and sub-title are two words in the link's name, not one. */}
            {item.subTitle && (
              <>
                {' '}
                <span className={classes.subTitle}>{item.subTitle}</span>
              </>
            )}
          </>
        );
        let link: ReactNode;
        if (external) {
          link = (
            <a className={classes.link} href={external} target="_blank" rel="noopener noreferrer">
              {body}
            </a>
          );
        } else if (href) {
          link = (
            <Link className={classes.link} to={href}>
              {body}
            </Link>
          );
        } else {
          link = <span className={classes.link}>{body}</span>;
        }
        return (
          <li key={key} className={classes.tile} data-testid="home-tile" data-item-name={item.name}>
            {icon && (
              <span className={classes.icon} aria-hidden="true">
                {icon}
              </span>
            )}
            <div className={classes.text}>
              {link}
              {meta && <div className={classes.meta}>{meta}</div>}
            </div>
            {action && <div className={classes.action}>{action}</div>}
          </li>
        );
      })}
    </ul>
  );
}
