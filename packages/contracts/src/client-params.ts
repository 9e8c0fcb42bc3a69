import { z } from 'zod';

/**
 * What the web client adds to every API call (docs/product.md §7, docs/product.md §D.4). Every route accepts these; the
 * server uses them for the language of server texts and the formatting of values.
 */
const boolish = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

export const clientQueryParamsSchema = z.object({
  useBackendTranslation: boolish.optional(),
  currencySymbol: z.string().max(8).optional(),
  isoLanguageName: z.string().max(16).optional(),
  cultureName: z.string().max(16).optional(),
});
export type ClientQueryParams = z.infer<typeof clientQueryParamsSchema>;

/** Body fields the client adds to JSON POST/PUT/PATCH bodies (docs/product.md §7). */
export const clientBodyFieldsSchema = z.object({
  useBackendTranslation: z.boolean().optional(),
  isoLanguageName: z.string().max(16).optional(),
  cultureName: z.string().max(16).optional(),
  currencySymbol: z.string().max(8).optional(),
});

/** A route's query schema: its own fields plus the client's, unknown fields rejected. */
export function withClientQuery<T extends z.ZodRawShape>(shape: T) {
  return clientQueryParamsSchema.extend(shape).strict();
}

/** A route's JSON body schema: its own fields plus the client's, unknown fields rejected. */
export function withClientBody<T extends z.ZodRawShape>(shape: T) {
  return clientBodyFieldsSchema.extend(shape).strict();
}
