import { z } from 'zod';
import { names } from './consts';
export { names, two } from './consts';
export const nameSchema = z.enum(names);
export const obj = z.object({ a: nameSchema });
