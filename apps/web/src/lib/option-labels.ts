import type { TFunction } from 'i18next';
import { roleKeys, subscriptions, uiLanguageNames, type UiLanguageName } from '@cockpit/contracts';
import { roleLabel, subscriptionLabel } from './role-labels';

// Static keys (docs/conventions.md: a script checks that every language has them).
const languageLabelKeys: Record<UiLanguageName, string> = {
  en: 'languages.en',
  'de-DE': 'languages.de-DE',
  'de-AT': 'languages.de-AT',
};

export const roleOptions = (t: TFunction) => roleKeys.map((value) => ({ value, label: roleLabel(t, value) }));
export const subscriptionOptions = (t: TFunction) =>
  subscriptions.map((value) => ({ value, label: subscriptionLabel(t, value) }));
export const languageOptions = (t: TFunction) =>
  uiLanguageNames.map((value) => ({ value, label: t(languageLabelKeys[value]) }));
