import { z } from 'zod';

/** docs/product.md §3 Menu item. For dashboards, `name` holds the numeric layout id. */
export const menuItemSchema = z.object({
  name: z.string(),
  title: z.string(),
  subTitle: z.string().nullable(),
  icon: z.string().nullable(),
  path: z.string().nullable(),
  externalUrl: z.string().nullable(),
  isActive: z.boolean(),
  isPinned: z.boolean(),
  isExpanded: z.boolean().optional(),
  leaveTitleUntranslated: z.boolean(),
  /** `false`: listed, but with nothing to open yet (a catalogue item without a report, decision 015). */
  available: z.boolean().optional(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

/** docs/product.md §3 Menu group. */
export const menuGroupSchema = z.object({
  name: z.string(),
  title: z.string(),
  icon: z.string().nullable(),
  externalUrl: z.string().nullable(),
  isActive: z.boolean(),
  isExpanded: z.boolean(),
  items: z.array(menuItemSchema),
});
export type MenuGroup = z.infer<typeof menuGroupSchema>;

export const menuResponseSchema = z.object({ groups: z.array(menuGroupSchema) });
export type MenuResponse = z.infer<typeof menuResponseSchema>;

/** docs/product.md §4 Pin: reports by navigation item name, dashboards by layout id. */
export const pinKinds = ['report', 'dashboard'] as const;
export const pinKindSchema = z.enum(pinKinds);
export type PinKind = z.infer<typeof pinKindSchema>;

/** `PUT /api/navigation/pins` body (plus the client fields of docs/product.md §7) and its answer; idempotent. */
export const pinUpdateSchema = z.object({
  kind: pinKindSchema,
  name: z.string().min(1).max(200),
  isPinned: z.boolean(),
});
export type PinUpdate = z.infer<typeof pinUpdateSchema>;

export const dashboardsAvailabilitySchema = z.object({ available: z.boolean() });
export type DashboardsAvailability = z.infer<typeof dashboardsAvailabilitySchema>;

/**
 * Icon names the menu may use (stored as plain strings in the database). The web app maps each to an
 * icon component; an unknown or missing name shows a neutral default instead of failing.
 */
export const menuIconNames = [
  'chart-bar',
  'chart-line',
  'chart-pie',
  'chart-area',
  'report',
  'table',
  'users',
  'building-store',
  'map',
  'coin',
  'package',
  'truck',
  'calendar',
  'file-text',
  'external-link',
  'layout-dashboard',
  'target',
  'trending-up',
  'receipt',
  'world',
] as const;
export type MenuIconName = (typeof menuIconNames)[number];

/**
 * `GET /api/navigation/favorites` (docs/product.md §2 Favorites): the user's pinned reports (menu items, in menu
 * order) and pinned dashboards (`name` = layout id, `path` = the dashboard's page), titles in the
 * request's language. Pins whose target no longer exists are left out.
 */
export const favoritesResponseSchema = z.object({
  reports: z.array(menuItemSchema),
  dashboards: z.array(menuItemSchema),
});
export type FavoritesResponse = z.infer<typeof favoritesResponseSchema>;

/**
 * `GET /api/navigation/featured` (the reports home's "Featured by your organisation"): what the
 * organisation's administrators marked featured, filtered by the user's audience — the same shape as
 * the favourites.
 */
export const featuredResponseSchema = favoritesResponseSchema;
export type FeaturedResponse = z.infer<typeof featuredResponseSchema>;
