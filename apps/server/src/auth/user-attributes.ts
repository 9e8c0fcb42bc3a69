import { type UserAttributes, userAttributesSchema } from '@cockpit/contracts';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import { userAttributes } from '../db/core-tables';

// A user's attributes (decision 027), bound as `{{user.attributes.<key>}}` by the server only. Set by an
// administrator (Users, CSV import) or taken from single-sign-on claims at each sign-in; the keys of the
// latter are listed in `from_single_sign_on`. Shared by management and sign-in, so it lives here.

export interface StoredAttributes {
  attributes: UserAttributes;
  /** Keys whose values came from the single-sign-on provider's claims. */
  fromSingleSignOn: string[];
}

type DatabaseReader = Pick<Database, 'select'>;
type Writer = Pick<Database, 'insert'>;

export const noAttributes = (): StoredAttributes => ({ attributes: {}, fromSingleSignOn: [] });

/** Stored attributes that no longer parse count as none (never as "all data"). */
function parsedRow(row: { attributes: unknown; fromSingleSignOn: string[] }): StoredAttributes {
  const parsed = userAttributesSchema.safeParse(row.attributes);
  const attributes = parsed.success ? parsed.data : {};
  return {
    attributes,
    fromSingleSignOn: row.fromSingleSignOn.filter((key) => Object.hasOwn(attributes, key)),
  };
}

/** The stored attributes of these users; users without a row are missing from the map. */
export async function readUserAttributes(
  db: DatabaseReader,
  userIds: readonly string[],
): Promise<Map<string, StoredAttributes>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: userAttributes.userId,
      attributes: userAttributes.attributes,
      fromSingleSignOn: userAttributes.fromSingleSignOn,
    })
    .from(userAttributes)
    .where(inArray(userAttributes.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, parsedRow(row)]));
}

export async function writeUserAttributes(
  tx: Writer,
  userId: string,
  stored: StoredAttributes,
): Promise<void> {
  const values = { userId, attributes: stored.attributes, fromSingleSignOn: stored.fromSingleSignOn };
  await tx
    .insert(userAttributes)
    .values(values)
    .onConflictDoUpdate({
      target: userAttributes.userId,
      set: {
        attributes: stored.attributes,
        fromSingleSignOn: stored.fromSingleSignOn,
        updatedAt: new Date(),
      },
    });
}

/** The key order a user's attributes are stored and shown in: by key. */
function sortedAttributes(attributes: UserAttributes): UserAttributes {
  return Object.fromEntries(Object.entries(attributes).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * An administrator's change: `set` keys get their values, `removed` keys go, every other key stays.
 * Keys from single sign-on are the provider's; the caller refuses to change them by hand.
 */
export function withManualChanges(
  stored: StoredAttributes,
  set: UserAttributes,
  removed: readonly string[] = [],
): StoredAttributes {
  const attributes: UserAttributes = { ...stored.attributes };
  for (const key of removed) delete attributes[key];
  for (const [key, values] of Object.entries(set)) attributes[key] = values;
  return { attributes: sortedAttributes(attributes), fromSingleSignOn: stored.fromSingleSignOn };
}

/**
 * At a single-sign-on sign-in, with the organisation's whole mapping: each mapped key takes the claim's
 * values (`null`: the claim is missing, so the key goes — never kept from an earlier sign-in), a key the
 * provider gave before but that is no longer mapped goes too; keys set by hand for other keys stay.
 */
export function withSingleSignOnClaims(
  stored: StoredAttributes,
  claims: Readonly<Record<string, string[] | null>>,
): StoredAttributes {
  const attributes: UserAttributes = { ...stored.attributes };
  for (const key of stored.fromSingleSignOn) delete attributes[key];
  const fromSingleSignOn: string[] = [];
  for (const [key, values] of Object.entries(claims)) {
    if (values && values.length > 0) {
      attributes[key] = values;
      fromSingleSignOn.push(key);
    } else {
      delete attributes[key];
    }
  }
  return { attributes: sortedAttributes(attributes), fromSingleSignOn: fromSingleSignOn.sort() };
}

/**
 * An administrator's change (Users, CSV import) as it is written: the attributes after it and what the
 * activity log says of it; `null` when it changes nothing.
 */
export function manualAttributeChange(
  stored: StoredAttributes,
  set: UserAttributes,
  removed: readonly string[],
): { next: StoredAttributes; described: string } | null {
  const next = withManualChanges(stored, set, removed);
  const described = describeAttributeChanges(stored.attributes, next.attributes);
  return described ? { next, described } : null;
}

/**
 * What changed, as the activity log shows it: `region = North | South; −cost_centre` (values as in the
 * CSV import); `null` when nothing did.
 */
export function describeAttributeChanges(before: UserAttributes, after: UserAttributes): string | null {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const parts: string[] = [];
  for (const key of keys) {
    const old = before[key];
    const next = after[key];
    if (!next) parts.push(`−${key}`);
    else if (!old || old.join('\u0000') !== next.join('\u0000')) parts.push(`${key} = ${next.join(' | ')}`);
  }
  return parts.length > 0 ? parts.join('; ') : null;
}
