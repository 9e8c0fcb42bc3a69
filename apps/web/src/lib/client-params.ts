import { defaultUiLanguage, type UiLanguageName } from '@cockpit/contracts';

/**
 * What the API client adds to every call (spec §7): the UI language, the UI culture and the currency
 * symbol. i18n keeps the language current; the user's settings supply culture and currency once known.
 * Held here, outside React, because the API client runs outside components.
 */
export type ClientParams = {
  isoLanguageName: UiLanguageName;
  cultureName: string | undefined;
  currencySymbol: string | undefined;
};

let current: ClientParams = {
  isoLanguageName: defaultUiLanguage,
  cultureName: undefined,
  currencySymbol: undefined,
};

export function getClientParams(): ClientParams {
  return current;
}

export function setClientLanguage(isoLanguageName: UiLanguageName): void {
  current = { ...current, isoLanguageName };
}

export function setClientAccountSettings(settings: { uiCulture: string; currencySymbol: string }): void {
  current = { ...current, cultureName: settings.uiCulture, currencySymbol: settings.currencySymbol };
}

/** After sign-out the next user's settings are not known yet. */
export function resetClientAccountSettings(): void {
  current = { ...current, cultureName: undefined, currencySymbol: undefined };
}
