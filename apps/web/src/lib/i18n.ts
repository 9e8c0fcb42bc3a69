import i18next, { type BackendModule, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  apiRoutes,
  defaultUiLanguage,
  languageStorageKey,
  type UiLanguageName,
  uiLanguageNames,
} from '@cockpit/contracts';
import { api } from './api-client';
import { setClientLanguage } from './client-params';

/**
 * UI texts (docs/product.md §1, §8, §9; docs/product.md §D.6). Keys are flat (`login.title`): no key or namespace
 * separators. Languages en, de-DE, de-AT; default en; the choice is remembered in localStorage under
 * `translocoLang`; a key missing in the current language falls back to en, then de-DE; a key missing
 * everywhere renders `[Missing translation]` and warns in the console outside production.
 */
export const missingTranslationText = '[Missing translation]';
export const fallbackLanguages: UiLanguageName[] = ['en', 'de-DE'];

export function isUiLanguage(value: unknown): value is UiLanguageName {
  return typeof value === 'string' && (uiLanguageNames as readonly string[]).includes(value);
}

function readStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled by the browser
  }
}

/**
 * The browser's first language the UI has (decision 030): `de-AT` as such, any other German as `de-DE`,
 * any English as `en`; the default when none fits.
 */
export function browserLanguage(preferred: readonly string[]): UiLanguageName {
  for (const tag of preferred) {
    const lower = tag.trim().toLowerCase();
    if (lower === 'de-at') return 'de-AT';
    if (lower === 'de' || lower.startsWith('de-')) return 'de-DE';
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
  }
  return defaultUiLanguage;
}

function browserPreferences(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

/**
 * The remembered UI language; with nothing (or something unknown) remembered, the browser's language
 * (the login screen greets a German browser in German, decision 030). The remembered choice wins.
 */
/** Remembers a language in this browser as chosen (the account's saved language after signing in). */
export function rememberLanguage(language: UiLanguageName): void {
  readStorage()?.setItem(languageStorageKey, language);
}

export function readStoredLanguage(): UiLanguageName {
  const stored = readStorage()?.getItem(languageStorageKey);
  return isUiLanguage(stored) ? stored : browserLanguage(browserPreferences());
}

/**
 * docs/product.md §7 "GET Localization/getTranslations with query lang={language}; response field Translations;
 * called once per available language": i18next asks once per language and keeps the result.
 */
export async function fetchTranslations(language: UiLanguageName): Promise<Record<string, string>> {
  const { Translations } = await api.call(apiRoutes.getTranslations, { query: { lang: language } });
  return Translations;
}

type LoadTranslations = (language: UiLanguageName) => Promise<Record<string, string>>;

function createApiBackend(load: LoadTranslations): BackendModule {
  return {
    type: 'backend',
    callbackApi: true,
    init: () => undefined,
    read: (language, _namespace, callback) => {
      if (!isUiLanguage(language)) {
        callback(null, {});
        return;
      }
      load(language).then(
        (texts) => callback(null, texts),
        (error: unknown) => callback(error instanceof Error ? error : String(error), null),
      );
    },
  };
}

export type CreateI18nOptions = {
  /** The language to start with; defaults to the remembered one. */
  language?: UiLanguageName;
  /** Inline texts (unit tests: the HTTP backend hangs jsdom, docs/tools.md). */
  resources?: Partial<Record<UiLanguageName, Record<string, string>>>;
  /** Where texts come from when no inline resources are given; defaults to the API. */
  loadTranslations?: LoadTranslations;
  /** Warn about missing keys (default: outside production builds, docs/product.md §8). */
  warnOnMissing?: boolean;
};

/**
 * Creates and initialises an i18next instance. The app uses one loading from the API; tests create
 * their own with inline `resources`.
 */
export async function createI18n(options: CreateI18nOptions = {}): Promise<I18n> {
  const instance = i18next.createInstance();
  const warnOnMissing = options.warnOnMissing ?? !import.meta.env.PROD;

  if (!options.resources) instance.use(createApiBackend(options.loadTranslations ?? fetchTranslations));
  instance.use(initReactI18next);

  const resources: Resource | undefined = options.resources
    ? Object.fromEntries(
        Object.entries(options.resources).map(([language, texts]) => [language, { translation: texts }]),
      )
    : undefined;

  // The language the UI starts in is not a choice: taken from the browser, it must not become the
  // remembered one (decision 030) — only a change made afterwards is remembered.
  let starting = true;
  instance.on('languageChanged', (language) => {
    if (!isUiLanguage(language)) return;
    setClientLanguage(language);
    if (!starting) readStorage()?.setItem(languageStorageKey, language);
    if (typeof document !== 'undefined') document.documentElement.lang = language;
  });

  const language = options.language ?? readStoredLanguage();
  // The translation calls themselves already carry the language (docs/product.md §7 isoLanguageName).
  setClientLanguage(language);

  await instance.init({
    lng: language,
    supportedLngs: [...uiLanguageNames],
    // Only the exact language and its fallbacks: `de-AT` must not also ask for a `de` file.
    load: 'currentOnly',
    nonExplicitSupportedLngs: false,
    fallbackLng: fallbackLanguages,
    // docs/product.md §7: the translations of every available language are loaded up front.
    preload: options.resources ? false : [...uiLanguageNames],
    ns: ['translation'],
    defaultNS: 'translation',
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    ...(resources ? { resources } : {}),
    parseMissingKeyHandler: (key: string) => {
      if (warnOnMissing) console.warn(`Missing translation: ${key}`);
      return missingTranslationText;
    },
    react: { useSuspense: true },
  });
  starting = false;

  return instance;
}
