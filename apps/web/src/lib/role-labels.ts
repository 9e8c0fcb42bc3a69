import type { TFunction } from 'i18next';
import type { RoleKey, Subscription } from '@cockpit/contracts';

// Static keys (docs/conventions.md: a script checks that every language has them). Types only from the
// contracts, so the signed-in shell's menu header can use them without the schemas (decision 011).
const roleLabelKeys: Record<RoleKey, string> = {
  organisationadministrator: 'roles.organisationadministrator',
  organisationmember: 'roles.organisationmember',
};
const subscriptionLabelKeys: Record<Subscription, string> = {
  basic: 'subscription.basic',
  pro: 'subscription.pro',
};

export const roleLabel = (t: TFunction, role: RoleKey) => t(roleLabelKeys[role]);
export const subscriptionLabel = (t: TFunction, subscription: Subscription) =>
  t(subscriptionLabelKeys[subscription]);
