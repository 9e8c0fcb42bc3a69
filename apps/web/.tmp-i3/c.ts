import * as z from 'zod/mini';
const s = z.object({ token: z.string() });
const e = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const t = z.object({ Translations: z.record(z.string(), z.string()) });
console.log(s.safeParse({}), e.safeParse({}), t.safeParse(1));
