import { z } from 'zod';

/** Every error response: `{ error: { code, message } }` (docs/product.md §D.4). */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

// The codes live in a zod-free module (the web app's login route needs them, not zod; see languages.ts).
export { errorCodes } from './error-codes';
