// Plain constants, no zod (see languages.ts): the route guards in the web app's entry use them.

/** Roles and subscriptions (DESIGN.md §3). Only `organisationadministrator` may manage (spec §6). */
export const roleKeys = ['organisationadministrator', 'organisationmember'] as const;
export type RoleKey = (typeof roleKeys)[number];
export const managementRoleKey: RoleKey = 'organisationadministrator';

export const subscriptions = ['basic', 'pro'] as const;
export type Subscription = (typeof subscriptions)[number];
