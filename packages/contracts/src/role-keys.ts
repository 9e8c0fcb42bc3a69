// Plain constants, no zod (see languages.ts): the route guards in the web app's entry use them.

/** Roles and subscriptions (docs/product.md §D.3). Only `organisationadministrator` may manage (docs/product.md §6). */
export const roleKeys = ['organisationadministrator', 'organisationmember'] as const;
export type RoleKey = (typeof roleKeys)[number];
const managementRoleKey: RoleKey = 'organisationadministrator';

/**
 * THE administrator rule, written once for server and web: whatever differs for administrators (management,
 * the new-contract notice, the administrator's menu and editors) asks here instead of comparing role keys.
 */
export function isAdministrator(user: { roleKey: string }): boolean {
  return user.roleKey === managementRoleKey;
}

/** The role keys `isAdministrator` accepts, for a query that selects administrators. */
export const administratorRoleKeys: readonly RoleKey[] = roleKeys.filter((roleKey) =>
  isAdministrator({ roleKey }),
);

export const subscriptions = ['basic', 'pro'] as const;
export type Subscription = (typeof subscriptions)[number];
