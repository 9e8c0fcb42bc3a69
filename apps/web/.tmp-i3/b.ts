import { tokenResponseSchema } from '@cockpit/contracts';
console.log(tokenResponseSchema.safeParse({}));
