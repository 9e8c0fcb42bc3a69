import type {
  BannerActionType,
  BannerContentLanguage,
  BannerLanguageContent,
  BannerMessageInput,
  BannerMessageItem,
  ManagedBanner,
} from '@cockpit/contracts';
import { fromDateTimeLocal, toDateTimeLocal } from '../../../lib/date-time';

/** One language of the banner form, as the inputs hold it (plain strings, a switch for the second button). */
export type BannerLanguageValues = {
  title: string;
  body: string;
  primaryLabel: string;
  primaryType: BannerActionType;
  primaryHref: string;
  hasSecondary: boolean;
  secondaryLabel: string;
  secondaryType: BannerActionType;
  secondaryHref: string;
};

export type BannerFormValues = {
  startsAt: string;
  endsAt: string;
  content: Record<BannerContentLanguage, BannerLanguageValues>;
};

const emptyLanguage: BannerLanguageValues = {
  title: '',
  body: '',
  primaryLabel: '',
  primaryType: 'close',
  primaryHref: '',
  hasSecondary: false,
  secondaryLabel: '',
  secondaryType: 'link',
  secondaryHref: '',
};

export const emptyBannerForm: BannerFormValues = {
  startsAt: '',
  endsAt: '',
  content: { en: emptyLanguage, de: emptyLanguage, deAt: emptyLanguage },
};

function languageValues(content: BannerLanguageContent): BannerLanguageValues {
  return {
    title: content.title,
    body: content.body,
    primaryLabel: content.primary.label ?? '',
    primaryType: content.primary.type,
    primaryHref: content.primary.href ?? '',
    hasSecondary: content.secondary !== null,
    secondaryLabel: content.secondary?.label ?? '',
    secondaryType: content.secondary?.type ?? 'link',
    secondaryHref: content.secondary?.href ?? '',
  };
}

export function bannerFormValues(banner: ManagedBanner): BannerFormValues {
  return {
    startsAt: toDateTimeLocal(banner.startsAt),
    endsAt: toDateTimeLocal(banner.endsAt),
    content: {
      en: languageValues(banner.content.en),
      de: banner.content.de ? languageValues(banner.content.de) : emptyLanguage,
      deAt: banner.content.deAt ? languageValues(banner.content.deAt) : emptyLanguage,
    },
  };
}

function languageContent(values: BannerLanguageValues): BannerLanguageContent {
  return {
    title: values.title,
    body: values.body,
    // An empty label means "the translated global label" (docs/product.md §2).
    primary: {
      label: values.primaryLabel.trim() === '' ? null : values.primaryLabel,
      type: values.primaryType,
      href: values.primaryType === 'link' ? values.primaryHref : null,
    },
    secondary: values.hasSecondary
      ? {
          label: values.secondaryLabel,
          type: values.secondaryType,
          href: values.secondaryType === 'link' ? values.secondaryHref : null,
        }
      : null,
  };
}

/** An optional language nothing was written in: not sent, so its users read the fallback (docs/product.md §9). */
export function isUnwritten(values: BannerLanguageValues): boolean {
  return (
    values.title.trim() === '' &&
    values.body.trim() === '' &&
    values.primaryLabel.trim() === '' &&
    values.primaryHref.trim() === '' &&
    !values.hasSecondary
  );
}

const optionalContent = (values: BannerLanguageValues) =>
  isUnwritten(values) ? null : languageContent(values);

/** What is sent (and validated with the contracts' schema). */
export function bannerInput(values: BannerFormValues): BannerMessageInput {
  return {
    startsAt: fromDateTimeLocal(values.startsAt),
    endsAt: fromDateTimeLocal(values.endsAt),
    content: {
      en: languageContent(values.content.en),
      de: optionalContent(values.content.de),
      deAt: optionalContent(values.content.deAt),
    },
  };
}

/** The language a tab's preview shows: its own, or — left empty — the one its users fall back to. */
export function shownLanguage(
  values: BannerFormValues,
  language: keyof BannerFormValues['content'],
): BannerLanguageValues {
  if (language === 'deAt' && isUnwritten(values.content.deAt)) return shownLanguage(values, 'de');
  if (language === 'de' && isUnwritten(values.content.de)) return values.content.en;
  return values.content[language];
}

/** The card as users will see it, for the preview. */
export function previewItem(values: BannerLanguageValues): BannerMessageItem {
  const content = languageContent(values);
  return {
    id: 'preview',
    title: content.title,
    body: content.body,
    action: {
      label: content.primary.label?.trim() || null,
      type: content.primary.type,
      href: content.primary.href,
    },
    secondaryAction: content.secondary
      ? { label: content.secondary.label, type: content.secondary.type, href: content.secondary.href }
      : null,
  };
}
