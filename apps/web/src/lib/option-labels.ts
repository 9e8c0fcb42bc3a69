import type { TFunction } from 'i18next';
import {
  roleKeys,
  subscriptions,
  uiLanguageNames,
  type RoleKey,
  type Subscription,
  type UiLanguageName,
} from '@cockpit/contracts';

// Static keys (docs/conventions.md: a script checks that every language has them).
const roleLabelKeys: Record<RoleKey, string> = {
  organisationadministrator: 'roles.organisationadministrator',
  organisationmember: 'roles.organisationmember',
};
const subscriptionLabelKeys: Record<Subscription, string> = {
  basic: 'subscription.basic',
  pro: 'subscription.pro',
};
const languageLabelKeys: Record<UiLanguageName, string> = {
  en: 'languages.en',
  'de-DE': 'languages.de-DE',
  'de-AT': 'languages.de-AT',
};

export const roleLabel = (t: TFunction, role: RoleKey) => t(roleLabelKeys[role]);
export const subscriptionLabel = (t: TFunction, subscription: Subscription) =>
  t(subscriptionLabelKeys[subscription]);

export const roleOptions = (t: TFunction) => roleKeys.map((value) => ({ value, label: roleLabel(t, value) }));
export const subscriptionOptions = (t: TFunction) =>
  subscriptions.map((value) => ({ value, label: subscriptionLabel(t, value) }));
export const languageOptions = (t: TFunction) =>
  uiLanguageNames.map((value) => ({ value, label: t(languageLabelKeys[value]) }));
