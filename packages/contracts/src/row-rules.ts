import { z } from 'zod';
import { catalogueNameSchema } from './catalogue-names';
import { withClientBody } from './client-params';
import { userAttributeKeySchema } from './report-definitions';

// Row rules (docs/decisions/044-row-rules.md): per data source and table, "column = user attribute". The
// executor filters every definition reading the table by it on every run path; a reader without the
// attribute sees nothing from the table; administrators bypass a rule marked so.

const sqlNameSchema = z.string().trim().min(1).max(128);

/** A rule as the catalogue document carries it (no id); `schema` absent: the table in any schema. */
export const catalogueRowRuleSchema = z
  .object({
    schema: sqlNameSchema.optional(),
    table: sqlNameSchema,
    column: sqlNameSchema,
    attribute: userAttributeKeySchema,
    administratorsSeeAll: z.boolean().optional(),
  })
  .strict();
export type CatalogueRowRule = z.infer<typeof catalogueRowRuleSchema>;

/** A rule as Management → Data lists it. */
export const rowRuleSchema = z.object({
  id: z.string(),
  /** null: the table in any schema (always so for uploaded tables). */
  schema: z.string().nullable(),
  table: z.string(),
  column: z.string(),
  attribute: z.string(),
  administratorsSeeAll: z.boolean(),
});
export type RowRule = z.infer<typeof rowRuleSchema>;

export const rowRulesResponseSchema = z.object({ items: z.array(rowRuleSchema) });
export type RowRulesResponse = z.infer<typeof rowRulesResponseSchema>;

/** `POST …/:name/row-rules`, `PUT …/:name/row-rules/:id`. */
export const rowRuleBodySchema = withClientBody({
  schema: sqlNameSchema.nullable().optional(),
  table: sqlNameSchema,
  column: sqlNameSchema,
  attribute: userAttributeKeySchema,
  administratorsSeeAll: z.boolean().optional(),
});
export type RowRuleBody = z.input<typeof rowRuleBodySchema>;

export const rowRuleParamsSchema = z.object({
  name: catalogueNameSchema,
  id: z.guid({ error: 'must be a row rule id' }),
});

/** A rule a run applied (the preview says which): `seesAll` when the reader bypassed it. */
export const appliedRowRuleSchema = z.object({
  table: z.string(),
  column: z.string(),
  attribute: z.string(),
  seesAll: z.boolean(),
});
export type AppliedRowRule = z.infer<typeof appliedRowRuleSchema>;

/**
 * The 403 `ROW_RULE_ATTRIBUTE_MISSING` names the attribute in this one form, so the web app can say it in
 * the reader's language.
 */
export function rowRuleAttributeMissingMessage(attribute: string): string {
  return `This report's rows are limited by the user attribute '${attribute}', which your account does not have`;
}

/** The attribute of such a message, or null for any other message. */
export function parseRowRuleAttributeMissing(message: string): { attribute: string } | null {
  const match =
    /^This report's rows are limited by the user attribute '([^']*)', which your account does not have$/.exec(
      message,
    );
  return match ? { attribute: match[1]! } : null;
}
