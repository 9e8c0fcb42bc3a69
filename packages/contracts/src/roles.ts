import { z } from 'zod';
import { roleKeys, subscriptions } from './role-keys';

// The constants live in a zod-free module (the web app's route guards need them, not zod).
export {
  administratorRoleKeys,
  isAdministrator,
  type RoleKey,
  roleKeys,
  type Subscription,
  subscriptions,
} from './role-keys';

export const roleKeySchema = z.enum(roleKeys);
export const subscriptionSchema = z.enum(subscriptions);
