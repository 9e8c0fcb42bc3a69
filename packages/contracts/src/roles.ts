import { z } from 'zod';

/** Roles and subscriptions (DESIGN.md §3). Only `organisationadministrator` may manage (spec §6). */
export const roleKeys = ['organisationadministrator', 'organisationmember'] as const;
export const roleKeySchema = z.enum(roleKeys);
export type RoleKey = z.infer<typeof roleKeySchema>;
export const managementRoleKey: RoleKey = 'organisationadministrator';

export const subscriptions = ['basic', 'pro'] as const;
export const subscriptionSchema = z.enum(subscriptions);
export type Subscription = z.infer<typeof subscriptionSchema>;
