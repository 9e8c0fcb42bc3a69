import { z } from 'zod';
import { withClientQuery } from './client-params';
import { bannerActionTypeSchema } from './banner-messages';

/**
 * The message service (docs/product.md §7 "one call checks whether a contract message is available and returns an
 * item; another fetches the message for the UI language name and returns success and item"). Any
 * signed-in user may call it; the contract message is only ever available to an organisation
 * administrator (docs/product.md §6).
 */
// The paths live in a zod-free module (the web app's shell calls them, not zod; see languages.ts).

export const currentMessageQuerySchema = withClientQuery({
  /** The UI language name (`en`, `de-DE`, `de-AT`); German variants read the German texts. */
  uiLanguageName: z.string().max(16).optional(),
});

/** A banner button as the banner shows it. `label: null` → the translated global label (docs/product.md §2). */
export const bannerMessageButtonSchema = z.object({
  label: z.string().nullable(),
  type: bannerActionTypeSchema,
  href: z.string().nullable(),
});
export type BannerMessageButton = z.infer<typeof bannerMessageButtonSchema>;

/** docs/product.md §3 Banner message: id, title, body, action, secondaryAction (the callbacks live in the web app). */
export const bannerMessageItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  action: bannerMessageButtonSchema,
  secondaryAction: bannerMessageButtonSchema.nullable(),
});
export type BannerMessageItem = z.infer<typeof bannerMessageItemSchema>;

/** `success: false` with `item: null` when there is no message for this user right now. */
export const currentMessageResponseSchema = z.object({
  success: z.boolean(),
  item: bannerMessageItemSchema.nullable(),
});
export type CurrentMessageResponse = z.infer<typeof currentMessageResponseSchema>;

/** The pending new contract the notice points to (the texts are the web app's). */
export const contractMessageItemSchema = z.object({
  id: z.string(),
  reference: z.string(),
  startsOn: z.string(),
});
export type ContractMessageItem = z.infer<typeof contractMessageItemSchema>;

export const contractMessageResponseSchema = z.object({
  available: z.boolean(),
  item: contractMessageItemSchema.nullable(),
});
export type ContractMessageResponse = z.infer<typeof contractMessageResponseSchema>;
