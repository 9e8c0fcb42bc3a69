import { userAttributesSchema } from '@cockpit/contracts';

/**
 * The user attributes a single-sign-on sign-in sets (decision 027): for each mapped key, the claim's
 * string (or number) or array of them, trimmed; `null` when the claim is missing, empty or not usable —
 * the key is then removed, never kept from an earlier sign-in, so a user the provider no longer vouches
 * for sees no data rather than old data.
 */
export function attributeValuesFromClaims(
  mapping: Readonly<Record<string, string>>,
  claims: Readonly<Record<string, unknown>>,
): Record<string, string[] | null> {
  const result: Record<string, string[] | null> = {};
  for (const [key, claimName] of Object.entries(mapping)) {
    const claim = Object.hasOwn(claims, claimName) ? claims[claimName] : undefined;
    const raw = Array.isArray(claim) ? claim : [claim];
    const values = raw
      .filter((value): value is string | number => typeof value === 'string' || typeof value === 'number')
      .map((value) => String(value).trim())
      .filter((value) => value.length > 0);
    const unique = [...new Set(values)];
    // The same rules as an administrator's attributes: a claim that breaks them sets nothing.
    result[key] =
      unique.length > 0 && userAttributesSchema.safeParse({ [key]: unique }).success ? unique : null;
  }
  return result;
}

/** Whether some mapped claim is not in these claims (then the userinfo endpoint is asked as well). */
export function lacksMappedClaims(
  mapping: Readonly<Record<string, string>>,
  claims: Readonly<Record<string, unknown>>,
): boolean {
  return Object.values(mapping).some((claimName) => !Object.hasOwn(claims, claimName));
}
