import { z } from 'zod';
import { catalogueNameSchema } from './catalogue-names';
import { withClientBody } from './client-params';
import {
  parameterValuesSchema,
  parameterViewSchema,
  reportDefinitionBodySchema,
  resultInfoSchema,
} from './report-definitions';
import { reportDataSchema } from './reports';
import { appliedRowRuleSchema } from './row-rules';

// Management of report definitions (decision 027): the list, the editor's preview on the real source.

export const definitionNameParamsSchema = z.object({ name: catalogueNameSchema });

/** `POST /api/management/definitions/preview`: run an unsaved definition on its real source, row-limited. */
export const definitionPreviewBodySchema = withClientBody({
  definition: reportDefinitionBodySchema,
  values: parameterValuesSchema.optional(),
  /** "Preview as": bind the user attributes of this user of the organisation. */
  asUserId: z.string().max(64).optional(),
});

/** The database's own error, with the 1-based character position in the SQL when it gives one. */
export const sqlErrorSchema = z.object({ message: z.string(), position: z.number().int().nullable() });
export type SqlError = z.infer<typeof sqlErrorSchema>;

export const definitionPreviewResponseSchema = z.object({
  /** The parameters found in the SQL (`{{name}}`), declared or not. */
  detectedParameters: z.array(z.string()),
  parameters: z.array(parameterViewSchema),
  /**
   * The result's columns as the source returned them: the database's own type name and its general kind,
   * from which the editor proposes a column's format.
   */
  resultColumns: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(['number', 'integer', 'text', 'date', 'timestamp', 'boolean', 'json']),
      type: z.string(),
    }),
  ),
  /**
   * The result's rows (at most {@link previewRowLimit}) in the order of `resultColumns`, as the source
   * returned them: the editor draws the visuals again from them while they are changed, without running
   * the SQL again (decision 045).
   */
  rows: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  /**
   * The previous period's result by date-range parameter, for KPIs compared with it (decision 047): the
   * editor draws their comparison from it as the page does.
   */
  previousPeriods: z
    .record(
      z.string(),
      z.object({
        columns: z.array(z.object({ name: z.string(), type: z.string() })),
        rows: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))),
      }),
    )
    .optional(),
  data: reportDataSchema.nullable(),
  info: resultInfoSchema.nullable(),
  error: sqlErrorSchema.nullable(),
  /** The row rules the run applied (decision 044): "Preview as" shows which filtered the rows. */
  rowRules: z.array(appliedRowRuleSchema).optional(),
});
export type DefinitionPreviewResponse = z.infer<typeof definitionPreviewResponseSchema>;

/** Rows a preview returns at most. */
export const previewRowLimit = 200;

export const definitionsResponseSchema = z.object({ items: z.array(reportDefinitionBodySchema) });
export type DefinitionsResponse = z.infer<typeof definitionsResponseSchema>;
export const definitionBodySchema = withClientBody(reportDefinitionBodySchema.shape);
