import { defaultUiLanguage, effectiveCulture, type UiLanguageName } from '@cockpit/contracts';

/**
 * What the API client adds to every call (docs/product.md §7): the UI language, the UI culture and the currency
 * symbol. i18n keeps the language current; the user's settings supply culture and currency once known.
 * Held here, outside React, because the API client runs outside components.
 */
export type ClientParams = {
  isoLanguageName: UiLanguageName;
  /** The culture dates and numbers are written in: the user's choice, or the language's (decision 030). */
  cultureName: string | undefined;
  currencySymbol: string | undefined;
};

type Held = {
  isoLanguageName: UiLanguageName;
  /** The user's choice (`auto` follows the language), once the settings are known. */
  cultureChoice: string | undefined;
  currencySymbol: string | undefined;
};

let current: Held = {
  isoLanguageName: defaultUiLanguage,
  cultureChoice: undefined,
  currencySymbol: undefined,
};

export function getClientParams(): ClientParams {
  const { isoLanguageName, cultureChoice, currencySymbol } = current;
  return {
    isoLanguageName,
    cultureName: cultureChoice === undefined ? undefined : effectiveCulture(cultureChoice, isoLanguageName),
    currencySymbol,
  };
}

/** The culture for dates and numbers in `language`: the user's choice, or the language's own. */
export function cultureFor(language: string): string {
  return effectiveCulture(current.cultureChoice, language);
}

export function setClientLanguage(isoLanguageName: UiLanguageName): void {
  current = { ...current, isoLanguageName };
}

export function setClientAccountSettings(settings: { uiCulture: string; currencySymbol: string }): void {
  current = { ...current, cultureChoice: settings.uiCulture, currencySymbol: settings.currencySymbol };
}

/** After sign-out the next user's settings are not known yet. */
export function resetClientAccountSettings(): void {
  current = { ...current, cultureChoice: undefined, currencySymbol: undefined };
}
