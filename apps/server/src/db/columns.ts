import { sql } from 'drizzle-orm';
import { text, timestamp } from 'drizzle-orm/pg-core';

// Column definitions that many tables share, written once. Each is a function: drizzle needs a new column
// builder per table. The column names stay snake_case as in the migrations. The column types come from
// here too, so a schema file takes its columns from one import and the table's frame (pgTable, keys,
// indexes, checks) from drizzle-orm/pg-core.
export { boolean, doublePrecision, integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';

/** A primary key `id` the server fills with a random UUID. */
export const uuidPrimaryKey = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();

export const updatedAtColumn = () =>
  timestamp('updated_at', { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull();

/**
 * A catalogue title in English, German and the Austrian override of the German one (docs/product.md §9: empty → the
 * German one; decision 015).
 */
export const titleColumns = () => ({
  titleEn: text('title_en').notNull(),
  titleDe: text('title_de'),
  titleDeAt: text('title_de_at'),
});

/** The optional sub-title of a catalogue entry, in the same three languages as `titleColumns`. */
export const subTitleColumns = () => ({
  subTitleEn: text('sub_title_en'),
  subTitleDe: text('sub_title_de'),
  subTitleDeAt: text('sub_title_de_at'),
});

/** A list of texts, empty unless set. */
export const textArrayColumn = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/** Catalogue audiences (decision 015): empty arrays mean everyone in the organisation. */
export const audienceColumns = () => ({
  audienceRoles: textArrayColumn('audience_roles'),
  audienceSubscriptions: textArrayColumn('audience_subscriptions'),
});
