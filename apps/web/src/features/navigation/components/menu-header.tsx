import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleKey, Subscription } from '@cockpit/contracts';
import { roleLabel, subscriptionLabel } from '../../../lib/role-labels';
import { Skeleton } from '../../../components/ui/plain/skeleton';
import classes from './menu-header.module.css';

export type MenuHeaderUser = {
  userDisplayName: string;
  roleKey: RoleKey;
  subscription: Subscription;
};

type MenuHeaderProps = {
  user: MenuHeaderUser | undefined;
  /** The language dropdown (user-settings feature), composed by the layout. */
  languageSelect?: ReactNode;
};

/**
 * docs/product.md §2 Menu header: display name, role label, subscription label (a pro tag) and the language
 * dropdown with the available UI languages.
 */
export function MenuHeader({ user, languageSelect }: MenuHeaderProps) {
  const { t } = useTranslation();
  // Plain elements with Mantine's look (bundle budget, docs/decisions/011): the header is on every signed-in page.
  if (!user) {
    return (
      <div className={classes.loading} aria-hidden="true">
        <Skeleton height={16} width="70%" />
        <Skeleton height={12} width="50%" />
      </div>
    );
  }
  return (
    <div className={classes.header} data-testid="menu-header">
      <p className={classes.name}>{user.userDisplayName}</p>
      <div className={classes.line}>
        <p className={classes.label} data-testid="menu-header-role">
          {roleLabel(t, user.roleKey)}
        </p>
        {user.subscription === 'pro' ? (
          <div className={classes.badge} data-testid="menu-header-subscription">
            <span className={classes.badgeLabel}>{subscriptionLabel(t, 'pro')}</span>
          </div>
        ) : (
          <p className={classes.label} data-testid="menu-header-subscription">
            · {subscriptionLabel(t, user.subscription)}
          </p>
        )}
      </div>
      {languageSelect}
    </div>
  );
}
