import { z } from 'zod';
import { isGermanLanguage } from './languages';
import { isSafeBannerHref, linkMaxLength } from './safe-links';

/**
 * Banner message content (docs/product.md §2 Message banner, §3 Banner message, §4): shared by the management API
 * that writes it and the message service that shows it. Kept apart from the management API so that the
 * shell (which shows banners to everyone) does not pull in the management shapes.
 */

const bannerLinkMaxLength = linkMaxLength;

// The link checks live in a zod-free module (the web app's shell renders banner links, not zod; see languages.ts).
export { isInternalPath, isSafeBannerHref } from './safe-links';

/** What a banner button does: close the card, or follow a link (http(s) URL or a path in the app). */
export const bannerActionTypes = ['close', 'link'] as const;
export const bannerActionTypeSchema = z.enum(bannerActionTypes);
export type BannerActionType = z.infer<typeof bannerActionTypeSchema>;

export const bannerLabelMaxLength = 40;

const buttonFields = {
  type: bannerActionTypeSchema,
  /** Only for `link`; `null` for `close`. */
  href: z.string().max(bannerLinkMaxLength).nullable(),
};

function checkButtonAction(
  button: { type: BannerActionType; href: string | null },
  ctx: z.RefinementCtx,
): void {
  if (button.type === 'link') {
    if (!isSafeBannerHref(button.href)) {
      ctx.addIssue({
        code: 'custom',
        path: ['href'],
        message: 'must be an http:// or https:// URL or a path inside the app starting with /',
      });
    }
  } else if (button.href !== null) {
    ctx.addIssue({
      code: 'custom',
      path: ['href'],
      message: 'must be null when the button closes the message',
    });
  }
}

/** The primary button; without a label the card shows the translated global label (docs/product.md §2). */
export const bannerPrimaryButtonSchema = z
  .object({ label: z.string().trim().max(bannerLabelMaxLength).nullable(), ...buttonFields })
  .superRefine(checkButtonAction);
export type BannerPrimaryButton = z.infer<typeof bannerPrimaryButtonSchema>;

export const bannerSecondaryButtonSchema = z
  .object({ label: z.string().trim().min(1, 'is required').max(bannerLabelMaxLength), ...buttonFields })
  .superRefine(checkButtonAction);
export type BannerSecondaryButton = z.infer<typeof bannerSecondaryButtonSchema>;

export const bannerTitleMaxLength = 120;
export const bannerBodyMaxLength = 1000;

export const bannerLanguageContentSchema = z.object({
  title: z.string().trim().min(1, 'is required').max(bannerTitleMaxLength),
  body: z.string().trim().min(1, 'is required').max(bannerBodyMaxLength),
  primary: bannerPrimaryButtonSchema,
  secondary: bannerSecondaryButtonSchema.nullable(),
});
export type BannerLanguageContent = z.infer<typeof bannerLanguageContentSchema>;

/**
 * Banner texts, the catalogue's pattern: English required, German optional (`null` shows English, docs/product.md §9),
 * an optional Austrian override (absent or `null` shows German).
 */
export const bannerContentLanguages = ['en', 'de', 'deAt'] as const;
export type BannerContentLanguage = (typeof bannerContentLanguages)[number];
export const bannerContentSchema = z.object({
  en: bannerLanguageContentSchema,
  de: bannerLanguageContentSchema.nullable().default(null),
  deAt: bannerLanguageContentSchema.nullable().optional(),
});
export type BannerContent = z.infer<typeof bannerContentSchema>;

/** The texts a user with `language` sees: `de-AT` its override, then German, then English (docs/product.md §9). */
export function bannerContentIn(content: BannerContent, language: string): BannerLanguageContent {
  if (!isGermanLanguage(language)) return content.en;
  const german = content.de ?? content.en;
  return language.trim().toLowerCase() === 'de-at' ? (content.deAt ?? german) : german;
}
