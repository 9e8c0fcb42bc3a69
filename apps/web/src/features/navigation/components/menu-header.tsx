import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleKey, Subscription } from '@cockpit/contracts';
import { Skeleton } from '../../../components/ui/plain/skeleton';
import classes from './menu-header.module.css';

// Static keys (docs/conventions.md: a script checks every language has them).
const roleLabelKeys: Record<RoleKey, string> = {
  organisationadministrator: 'roles.organisationadministrator',
  organisationmember: 'roles.organisationmember',
};
const subscriptionLabelKeys: Record<Subscription, string> = {
  basic: 'subscription.basic',
  pro: 'subscription.pro',
};

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
          {t(roleLabelKeys[user.roleKey])}
        </p>
        {user.subscription === 'pro' ? (
          <div className={classes.badge} data-testid="menu-header-subscription">
            <span className={classes.badgeLabel}>{t(subscriptionLabelKeys.pro)}</span>
          </div>
        ) : (
          <p className={classes.label} data-testid="menu-header-subscription">
            · {t(subscriptionLabelKeys[user.subscription])}
          </p>
        )}
      </div>
      {languageSelect}
    </div>
  );
}
