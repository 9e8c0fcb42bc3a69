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
  /**
   * Sites an embedded report may come from (REPORT_FRAME_ORIGINS; the CSP's `frame-src` names them for
   * every page anyway): the catalogue's frame URL field names them when it refuses an address.
   */
  reportFrameOrigins: z.array(z.string()).optional(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
