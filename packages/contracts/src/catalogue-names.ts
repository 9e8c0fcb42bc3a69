import { z } from 'zod';

// The names and localised texts every catalogue object uses (decision 015), apart from the catalogue
// document itself so that data sources and report definitions (decision 027) can use them too.

/** A name is part of a URL (`/reports/<name>`) and the key pins refer to: lower-case letters, digits, `-`. */
export const catalogueNameSchema = z
  .string()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, 'must be 1–64 lower-case letters, digits or dashes');

/**
 * A text in every UI language: English is required; German falls back to English when missing, and the
 * Austrian override (`deAt`) falls back to German (docs/product.md §9 languages).
 */
export const localisedTextSchema = (max: number) =>
  z
    .object({
      en: z.string().trim().min(1, 'the English text is required').max(max),
      de: z.string().trim().min(1).max(max).optional(),
      deAt: z.string().trim().min(1).max(max).optional(),
    })
    .strict();
