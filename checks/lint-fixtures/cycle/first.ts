// lint as: here
// expect: import-x/no-cycle
// Two modules that import each other at run time.
import { second } from './second';

export const first = () => second();
