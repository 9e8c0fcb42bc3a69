import { z } from 'zod';

/** Configuration the signed-in app needs from the server (support panel, idle timeout, analytics). */
export const appConfigSchema = z.object({
  support: z.object({
    postalAddress: z.string(),
    phone: z.string(),
    email: z.string(),
    knowledgeBaseUrl: z.object({ en: z.string(), de: z.string() }),
    tutorialUrl: z.object({ en: z.string(), de: z.string() }),
  }),
  idleTimeoutSeconds: z.number().int().positive(),
  idleCountdownSeconds: z.number().int().positive(),
  analyticsMeasurementId: z.string().nullable(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
