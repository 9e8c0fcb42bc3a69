import { z } from 'zod';
import { menuItemSchema, pinKindSchema } from './navigation';

/**
 * The signed-in user's recently opened reports and dashboards (docs/product.md §D.3 routes: the reports area's
 * home shows them as "Continue where you left off"). Stored on the server per user, so they follow the
 * user to another browser; a report by its menu item name, a dashboard by its layout id (as pins are,
 * docs/product.md §4 Pin).
 */
export const recentKindSchema = pinKindSchema;
export type RecentKind = z.infer<typeof recentKindSchema>;

/** How many recent items `GET /api/user/recents` lists (newest first). */
export const listedRecentsLimit = 8;
/** How many openings the server keeps per user; older ones are forgotten. */
export const storedRecentsLimit = 50;

/**
 * One recently opened item: the menu item as the menu and the favourites show it (title in the
 * request's language, `path` of its page), its kind, and when the user last opened it.
 */
export const recentItemSchema = z.object({
  kind: recentKindSchema,
  item: menuItemSchema,
  openedAt: z.iso.datetime(),
});
export type RecentItem = z.infer<typeof recentItemSchema>;

/** `GET /api/user/recents`: only items that still exist and the user may still see. */
export const recentsResponseSchema = z.object({ items: z.array(recentItemSchema) });
export type RecentsResponse = z.infer<typeof recentsResponseSchema>;

/** `POST /api/user/recents` body (plus the client fields of docs/product.md §7): the user opened this item. */
export const recentOpeningSchema = z.object({
  kind: recentKindSchema,
  name: z.string().min(1).max(200),
});
export type RecentOpening = z.infer<typeof recentOpeningSchema>;

/** The answer to `POST /api/user/recents`: what was recorded, and when. */
export const recentOpeningResponseSchema = recentOpeningSchema.extend({ openedAt: z.iso.datetime() });
export type RecentOpeningResponse = z.infer<typeof recentOpeningResponseSchema>;
