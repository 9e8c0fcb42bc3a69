import * as z from 'zod/mini';
const s = z.object({ token: z.string() });
const unused = z.object({ a: z.array(z.enum(['x','y'])), b: z.optional(z.nullable(z.string().check(z.minLength(3)))) });
console.log(s.safeParse({}));
